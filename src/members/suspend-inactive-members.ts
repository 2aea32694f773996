import { auditName, systemActor } from '../access/index';
import { inTransaction } from '../db/index';
import type { Services } from '../services';
import { listInactiveMembers } from '../tenants/index';
import { suspendMemberInTx } from './suspend-member';

/**
 * The daily check of every tenant's inactivity limit: each member (not removed, not yet suspended) whose last
 * sign-in (or reactivation, or creation) is older than the limit is suspended, as the system, one transaction
 * each. Returns how many were suspended. Sign-in applies the same rule in between (check-sign-in.ts).
 */
export async function suspendInactiveMembers(svc: Services): Promise<number> {
  const now = svc.clock.now();
  let suspended = 0;
  for (;;) {
    const due = await listInactiveMembers(svc.db, now);
    let progressed = 0;
    for (const m of due) {
      const done = await inTransaction(svc, (tx) => suspendMemberInTx(tx, { ...m, now, actor: auditName(systemActor(m.orgId)) }));
      if (done) progressed++;
    }
    suspended += progressed;
    // A batch whose rows all stayed (an organisation's last admin) ends the run.
    if (due.length < 1000 || progressed === 0) return suspended;
  }
}
