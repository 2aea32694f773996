import { caseQueueFacts, openCaseQueueFactsAfter } from '../cases/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { awaitingCustomerSince } from '../outreach/index';
import type { Services } from '../services';
import { nextClock, type CaseClock } from './sla-clock';
import type { SlaPolicy } from './sla-policy';
import { findPolicy, loadClocks, writeClocks } from './sla.repository';

/** Cases looked at per transaction. */
const BATCH = 500;

/**
 * Looks at some of the tenant's cases again and writes their clocks (nextClock): a case whose status
 * changed restarts its clock, one that waits on the customer pauses it (when the policy says so), a closed
 * one loses it. `statusChangedAt`: when a case entered its status, from its events (else its clock restarts
 * at now). Nothing for a tenant without an SLA policy. Each batch in one transaction, the clocks locked.
 */
export async function refreshCaseSlas(
  svc: Services, orgId: string, casePks: readonly number[], policy?: SlaPolicy | null, statusChangedAt: ReadonlyMap<number, Date> = new Map(),
): Promise<void> {
  const p = policy === undefined ? await findPolicy(forTenant(svc.db, orgId)) : policy;
  if (!p || casePks.length === 0) return;
  for (let i = 0; i < casePks.length; i += BATCH) {
    const pks = casePks.slice(i, i + BATCH);
    await inTransaction(svc, async (tx) => {
      const db = forTenant(tx.manager, orgId);
      const now = svc.clock.now();
      const clocks = await loadClocks(db, pks, { lock: true });
      const facts = new Map((await caseQueueFacts(db, pks)).map((f) => [f.pk, f]));
      const waiting = await awaitingCustomerSince(db, pks);
      const write: CaseClock[] = [];
      const removed: number[] = [];
      for (const pk of pks) {
        const f = facts.get(pk);
        const prev = clocks.get(pk) ?? null;
        const next = f ? nextClock(prev, { casePk: pk, status: f.status, closed: f.closed, awaitingCustomerSince: waiting.get(pk) ?? null, statusChangedAt: statusChangedAt.get(pk) ?? null }, p, now) : null;
        if (next) write.push(next);
        else if (prev) removed.push(pk);
      }
      await writeClocks(db, write, removed, now);
    });
  }
}

/** Looks at every open case of the tenant again (a new or changed policy): a page of open cases at a time. */
export async function refreshAllCaseSlas(svc: Services, orgId: string, policy: SlaPolicy): Promise<void> {
  const db = forTenant(svc.db, orgId);
  let after = 0;
  for (;;) {
    const page = await openCaseQueueFactsAfter(db, after, BATCH * 4);
    if (page.length === 0) return;
    await refreshCaseSlas(svc, orgId, page.map((c) => c.pk), policy);
    after = page[page.length - 1]!.pk;
  }
}
