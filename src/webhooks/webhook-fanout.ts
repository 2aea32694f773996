import { In, IsNull } from 'typeorm';
import type { Tx } from '../db/transaction';
import type { EventRecord } from '../events/event.entity';
import type { EventSubscriber } from '../events/index';
import type { Services } from '../services';
import { handOffDeliveries } from './hand-off-deliveries';
import { sweepWebhookDeliveries } from './sweep-webhook-deliveries';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { subscribes } from './webhook-endpoints.repository';

/**
 * The outbox subscriber of webhooks: inside the relay's transaction, one delivery row per event and
 * subscribed endpoint (pending, or skipped_paused with no attempt when the endpoint is paused); after
 * commit, the pending ones are handed off for their first attempt (to the worker's own first-attempt
 * sender, or one job each, carrying the id alone). Idempotent (unique event+endpoint). An event recorded
 * orderedAfter another gives its deliveries that event's id, which their claim waits on.
 */
export class WebhookFanout implements EventSubscriber {
  readonly name = 'webhooks';

  async onEvents(tx: Tx, events: EventRecord[]): Promise<void> {
    if (events.length === 0) return;
    const orgIds = [...new Set(events.map((e) => e.orgId))];
    const endpoints = await tx.manager.find(WebhookEndpoint, { where: { orgId: In(orgIds), deletedAt: IsNull() } });
    if (endpoints.length === 0) return;
    const now = tx.services.clock.now();
    const rows: unknown[][] = [];
    for (const event of events) {
      for (const ep of endpoints) {
        if (ep.orgId !== event.orgId || !subscribes(ep, event.type)) continue;
        const state = ep.status === 'active' ? 'pending' : 'skipped_paused';
        const done = state === 'pending' ? null : now;
        rows.push([event.orgId, ep.id, event.seq, event.eventId, event.type, event.orderedAfter, state, state === 'pending' ? now : null, now, now, done, done]);
      }
    }
    if (rows.length === 0) return;
    await tx.manager.query(
      `INSERT IGNORE INTO webhook_deliveries
         (org_id, endpoint_id, event_seq, event_id, event_type, after_event_id, state, attempts, manual, next_attempt_at, created_at, updated_at, completed_at, first_done_at)
       VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?)').join(', ')}`,
      rows.flat(),
    );
    const pending: { id: number | string; org_id: string }[] = await tx.manager.query(
      `SELECT id, org_id FROM webhook_deliveries
       WHERE org_id IN (${orgIds.map(() => '?').join(', ')}) AND event_seq IN (${events.map(() => '?').join(', ')}) AND state = 'pending' AND attempts = 0
       ORDER BY id`,
      [...orgIds, ...events.map((e) => e.seq)],
    );
    const handed = pending.map((r) => ({ id: Number(r.id), orgId: r.org_id }));
    if (handed.length) tx.afterCommit(() => handOffDeliveries(tx.services, handed));
  }

  /** Called by the outbox sweep: re-hands-off deliveries whose job was lost or whose worker died. */
  async sweep(svc: Services): Promise<number> {
    return sweepWebhookDeliveries(svc);
  }
}
