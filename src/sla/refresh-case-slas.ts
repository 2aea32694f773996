import { caseQueueFacts, openCaseQueueFactsAfter } from '../cases/index';
import { forTenant, type TenantMode } from '../db/index';
import { inTransaction } from '../db/transaction';
import { awaitingCustomerSince } from '../outreach/index';
import type { Services } from '../services';
import { modeOffsetMs } from '../test-clock/index';
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
 * A test case's clock runs on the tenant's test clock (src/test-clock): its now is test time, and the instants
 * its events and requests were recorded at (service time) are read on that clock too, never after its now.
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
      const serviceNow = svc.clock.now();
      const clocks = await loadClocks(db, pks, { lock: true });
      const facts = new Map((await caseQueueFacts(db, pks)).map((f) => [f.pk, f]));
      const waiting = await awaitingCustomerSince(db, pks);
      // The test clock's offset, read only when the batch holds a test case (live reactions pay nothing for it).
      const testOffsetMs = [...facts.values()].some((f) => f.mode === 'test') ? await modeOffsetMs(db, 'test') : 0;
      const write: (CaseClock & { mode: TenantMode })[] = [];
      const removed: number[] = [];
      for (const pk of pks) {
        const f = facts.get(pk);
        const prev = clocks.get(pk) ?? null;
        const offset = f?.mode === 'test' ? testOffsetMs : 0;
        const now = new Date(serviceNow.getTime() + offset);
        const onClock = (d: Date | null | undefined): Date | null => (!d ? null : offset === 0 ? d : new Date(Math.min(d.getTime() + offset, now.getTime())));
        const next = f ? nextClock(prev, {
          casePk: pk, status: f.status, closed: f.ended, awaitingCustomerSince: onClock(waiting.get(pk)), statusChangedAt: onClock(statusChangedAt.get(pk)),
        }, p, now) : null;
        if (next) write.push({ ...next, mode: f!.mode });
        else if (prev) removed.push(pk);
      }
      await writeClocks(db, write, removed, serviceNow);
    });
  }
}

/** Looks at every open case of the tenant again (a new or changed policy): a page of open cases at a time, live then test. */
export async function refreshAllCaseSlas(svc: Services, orgId: string, policy: SlaPolicy): Promise<void> {
  await refreshOpenCaseSlas(svc, orgId, 'live', policy);
  await refreshOpenCaseSlas(svc, orgId, 'test', policy);
}

/**
 * Looks at every open case of the tenant's `mode` again, a page at a time (the test clock runs this for the test
 * cases before it moves, so that a status change not yet reacted to starts its clock at the time it happened).
 */
export async function refreshOpenCaseSlas(svc: Services, orgId: string, mode: TenantMode, policy?: SlaPolicy | null): Promise<void> {
  const db = forTenant(svc.db, orgId);
  const p = policy === undefined ? await findPolicy(db) : policy;
  if (!p) return;
  let after = 0;
  for (;;) {
    const page = await openCaseQueueFactsAfter(db, after, BATCH * 4, mode);
    if (page.length === 0) return;
    await refreshCaseSlas(svc, orgId, page.map((c) => c.pk), p);
    after = page[page.length - 1]!.pk;
  }
}
