import { randomBytes } from 'node:crypto';
import { In, IsNull } from 'typeorm';
import type { Tx } from '../db/transaction';
import type { EventRecord } from '../events/event.entity';
import type { EventSubscriber } from '../events/index';
import type { Services } from '../services';
import type { ClaimedDelivery } from './attempt-delivery';
import { openEndpointSecret } from './endpoint-secret';
import { handOffLeased } from './first-attempts';
import { handOffDeliveries } from './hand-off-deliveries';
import { attemptLeaseMs } from './retry-schedule';
import { sweepWebhookDeliveries } from './sweep-webhook-deliveries';
import { insertDeliveries, type InsertedDelivery, type NewDelivery } from './webhook-deliveries.repository';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { subscribes } from './webhook-endpoints.repository';

/**
 * The outbox subscriber of webhooks: inside the relay's transaction, one delivery row per event and
 * subscribed endpoint (pending, or skipped_paused with no attempt when the endpoint is paused); after
 * commit, the pending ones are handed off for their first attempt (to the worker's own first-attempt
 * sender, or one job each, carrying the id alone). In a worker, the rows its sender has room for are
 * inserted already leased by it, and handed to it with the event's bytes and the endpoint: their requests
 * start with no claim. Idempotent (unique event+endpoint; a row another insert made is not ours to lease).
 * An event recorded orderedAfter another gives its deliveries that event's id, which their claim waits on.
 */
export class WebhookFanout implements EventSubscriber {
  readonly name = 'webhooks';

  async onEvents(tx: Tx, events: EventRecord[]): Promise<void> {
    if (events.length === 0) return;
    const orgIds = [...new Set(events.map((e) => e.orgId))];
    const endpoints = await tx.manager.find(WebhookEndpoint, { where: { orgId: In(orgIds), deletedAt: IsNull() } });
    if (endpoints.length === 0) return;
    const svc = tx.services;
    const now = svc.clock.now();
    // In a worker, deliveries go to its own sender leased already (up to the room it has): no claim before their request.
    let leaseRoom = svc.webhookFirstAttempts?.leaseRoom() ?? 0;
    const rows: NewDelivery[] = [];
    for (const event of events) {
      for (const ep of endpoints) {
        // Test events go to test endpoints only, live events to live ones only.
        if (ep.orgId !== event.orgId || ep.mode !== event.mode || !subscribes(ep, event.type)) continue;
        const state = ep.status === 'active' ? 'pending' : 'skipped_paused';
        // One ordered after another event waits for that one's first attempt: its claim checks.
        const leased = state === 'pending' && event.orderedAfter === null && leaseRoom-- > 0;
        rows.push({
          orgId: event.orgId, endpointId: ep.id, eventSeq: event.seq, eventId: event.eventId, eventType: event.type, afterEventId: event.orderedAfter,
          state, now, leased,
        });
      }
    }
    if (rows.length === 0) return;
    const lease = { token: randomBytes(16).toString('base64url'), until: new Date(now.getTime() + attemptLeaseMs(svc.config)) };
    const inserted = await insertDeliveries(tx.manager, rows, { orgIds, seqs: events.map((e) => e.seq) }, lease);
    const handed = inserted.filter((d) => !d.leased);
    const leased = leasedDeliveries(svc, inserted.filter((d) => d.leased), { events, endpoints, token: lease.token, now, until: lease.until });
    if (leased.length) tx.afterCommit(() => handOffLeased(svc, leased));
    if (handed.length) tx.afterCommit(() => handOffDeliveries(svc, handed));
  }

  /** Called by the outbox sweep: re-hands-off deliveries whose job was lost or whose worker died. */
  async sweep(svc: Services): Promise<number> {
    return sweepWebhookDeliveries(svc);
  }
}

/** The fan-out's leased deliveries as their sender needs them, from the batch's events and endpoints in memory (no read). */
function leasedDeliveries(
  svc: Services, rows: InsertedDelivery[], batch: { events: EventRecord[]; endpoints: WebhookEndpoint[]; token: string; now: Date; until: Date },
): ClaimedDelivery[] {
  if (rows.length === 0) return [];
  const events = new Map(batch.events.map((e) => [e.seq, e]));
  const endpoints = new Map(batch.endpoints.map((ep) => {
    let secret: string | undefined;
    return [ep.id, { endpoint: ep, secret: () => (secret ??= openEndpointSecret(svc.config.secretsKeys, ep)) }];
  }));
  // A dependent recorded in a later batch is released by the sweep, as one fanned out after its predecessor's claim.
  const awaited = new Set(batch.events.map((e) => e.orderedAfter).filter((id) => id !== null));
  return rows.map((r) => {
    const event = events.get(r.eventSeq)!;
    const ep = endpoints.get(r.endpointId)!;
    return {
      id: r.id, orgId: r.orgId, eventId: event.eventId, eventType: event.type, attemptNo: 1, manual: false, endpoint: ep.endpoint, secret: ep.secret,
      data: event.data, occurredAt: event.occurredAt.toISOString(), token: batch.token, casePk: event.casePk, hasDependents: awaited.has(event.eventId),
      traceContext: event.traceContext, leasedAt: batch.now, leaseUntil: batch.until,
    };
  });
}
