import { In, IsNull } from 'typeorm';
import type { Tx } from '../db/transaction';
import type { EventRecord } from '../events/event.entity';
import type { EventSubscriber } from '../events/index';
import type { Services } from '../services';
import { handOffDeliveries } from './hand-off-deliveries';
import { sweepWebhookDeliveries } from './sweep-webhook-deliveries';
import { insertDeliveries, type NewDelivery } from './webhook-deliveries.repository';
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
    const rows: NewDelivery[] = [];
    for (const event of events) {
      for (const ep of endpoints) {
        // Test events go to test endpoints only, live events to live ones only.
        if (ep.orgId !== event.orgId || ep.mode !== event.mode || !subscribes(ep, event.type)) continue;
        rows.push({
          orgId: event.orgId, endpointId: ep.id, eventSeq: event.seq, eventId: event.eventId, eventType: event.type, afterEventId: event.orderedAfter,
          state: ep.status === 'active' ? 'pending' : 'skipped_paused', now,
        });
      }
    }
    if (rows.length === 0) return;
    const handed = await insertDeliveries(tx.manager, rows, { orgIds, seqs: events.map((e) => e.seq) });
    if (handed.length) tx.afterCommit(() => handOffDeliveries(tx.services, handed));
  }

  /** Called by the outbox sweep: re-hands-off deliveries whose job was lost or whose worker died. */
  async sweep(svc: Services): Promise<number> {
    return sweepWebhookDeliveries(svc);
  }
}
