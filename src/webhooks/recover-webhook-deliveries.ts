import { In, MoreThanOrEqual } from 'typeorm';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { enqueueDeliveries } from './enqueue-deliveries';
import { requeueDeliveries } from './webhook-deliveries.repository';
import { WebhookDelivery, type DeliveryState } from './webhook-delivery.entity';
import { getEndpoint } from './webhook-endpoints.repository';

/** The states recover-since sends again: failed (no automatic attempt left) and skipped_paused. */
export const RECOVERABLE_STATES = ['failed', 'skipped_paused'] as const;
export type RecoverableState = (typeof RECOVERABLE_STATES)[number];
/** Deliveries one recovery sends again at most; a larger backlog takes another call (the answer says how many remain). */
export const MAX_RECOVERED = 5000;
/** Recovered deliveries fall due at this many per second, in event order, so that a receiver back from an outage is not flooded. */
export const RECOVER_PER_SECOND = 20;

export interface RecoveryView {
  /** Deliveries queued again by this call. */
  recovered: number;
  /** Matching deliveries left for a further call (beyond MAX_RECOVERED). */
  remaining: number;
  /** When the last of them falls due (ISO 8601), null when none. */
  lastDueAt: string | null;
}

/**
 * Recover since: sends again every failed or skipped_paused delivery of an endpoint whose event came at
 * or after `since` (the way back after a pause or an outage, instead of redelivering one by one). Each is
 * one new manual attempt of the same row (same bytes, event id and delivery id, as Redeliver), due in event
 * order at RECOVER_PER_SECOND. Refused while the endpoint is paused (resume it first, or nothing would
 * stop new events being skipped meanwhile). Audited once with the count.
 */
export async function recoverWebhookDeliveries(
  svc: Services, actor: Actor, input: { endpointId: string; since: string | Date; states?: readonly string[] | null },
): Promise<RecoveryView> {
  authorize(actor, 'webhooks:manage');
  const details: ValidationDetail[] = [];
  const since = input.since instanceof Date ? input.since : new Date(typeof input.since === 'string' && /\d{4}-\d{2}-\d{2}T/.test(input.since) ? input.since : NaN);
  const now = svc.clock.now();
  if (Number.isNaN(since.getTime())) details.push({ path: 'since', message: 'must be an ISO 8601 date-time such as 2026-11-25T09:00:00Z' });
  else if (since.getTime() > now.getTime()) details.push({ path: 'since', message: 'must not be in the future' });
  const states = input.states?.length ? [...new Set(input.states)] : [...RECOVERABLE_STATES];
  if (states.some((s) => !(RECOVERABLE_STATES as readonly string[]).includes(s))) {
    details.push({ path: 'states', message: `must be one or more of ${RECOVERABLE_STATES.join(', ')}` });
  }
  if (details.length) throw DomainError.validation(details);

  return inTransaction(svc, async (tx) => {
    const endpoint = await getEndpoint(tx.manager, actor, input.endpointId);
    if (endpoint.status === 'paused') {
      throw new DomainError('conflict', 'The endpoint is paused: resume it first, then recover what it missed.');
    }
    const where = { orgId: actor.orgId, endpointId: endpoint.id, state: In(states as DeliveryState[]), createdAt: MoreThanOrEqual(since) };
    const found = await tx.manager.find(WebhookDelivery, {
      select: { id: true }, where, order: { eventSeq: 'ASC', id: 'ASC' }, take: MAX_RECOVERED + 1, lock: { mode: 'pessimistic_write' },
    });
    const rows = found.slice(0, MAX_RECOVERED);
    const remaining = found.length > MAX_RECOVERED ? (await tx.manager.count(WebhookDelivery, { where })) - MAX_RECOVERED : 0;
    const due: { id: number; runAt: Date }[] = rows.map((r, i) => ({ id: Number(r.id), runAt: new Date(now.getTime() + Math.floor((i * 1000) / RECOVER_PER_SECOND)) }));
    // Each row has its own due time.
    await requeueDeliveries(tx.manager, actor.orgId, due, now);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'webhook_deliveries.recovered',
      details: { endpointId: endpoint.id, since: since.toISOString(), states, recovered: due.length, remaining },
      at: now,
    });
    if (due.length) tx.afterCommit(() => enqueueDeliveries(svc, due.map((d) => ({ id: d.id, runAt: d.runAt, orgId: actor.orgId }))));
    return { recovered: due.length, remaining, lastDueAt: due.length ? due[due.length - 1]!.runAt.toISOString() : null };
  });
}
