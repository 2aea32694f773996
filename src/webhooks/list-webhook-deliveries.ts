import { authorize, type Actor } from '../access/index';
import { In } from 'typeorm';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { throwIfAny } from '../validation';
import { WebhookAttempt } from './webhook-attempt.entity';
import { DELIVERY_STATES, WebhookDelivery, type DeliveryState } from './webhook-delivery.entity';
import { toDeliveryView } from './webhook-views';
import type { WebhookDeliveryView } from './webhook.wire';

export interface ListWebhookDeliveriesInput {
  endpointId?: string;
  state?: DeliveryState;
  eventType?: string;
  /** 1..200, default 50. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
}

export interface WebhookDeliveryPage {
  data: WebhookDeliveryView[];
  nextCursor: string | null;
}

/**
 * Recent Deliveries: the tenant's deliveries newest first, filtered by endpoint, state and event type,
 * each with its attempts (status, error, response body), and the payload kept for replay. Keyset paging
 * on the delivery id, so rows added meanwhile never shift a page.
 */
export async function listWebhookDeliveries(svc: Services, actor: Actor, input: ListWebhookDeliveriesInput = {}): Promise<WebhookDeliveryPage> {
  authorize(actor, 'webhooks:read');
  const details: ValidationDetail[] = [];
  const limit = input.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) details.push({ path: 'limit', message: 'must be an integer from 1 to 200' });
  if (input.state !== undefined && !DELIVERY_STATES.includes(input.state)) details.push({ path: 'state', message: `must be one of ${DELIVERY_STATES.join(', ')}` });
  let before: number | null = null;
  if (input.cursor) {
    const m = /^d:([1-9][0-9]{0,15})$/.exec(Buffer.from(input.cursor, 'base64url').toString('utf8'));
    if (!m) details.push({ path: 'cursor', message: 'is not a cursor of this list' });
    else before = Number(m[1]);
  }
  throwIfAny(details);

  const where: string[] = ['org_id = ?'];
  const params: unknown[] = [actor.orgId];
  if (input.endpointId !== undefined) {
    where.push('endpoint_id = ?');
    params.push(input.endpointId);
  }
  if (input.state !== undefined) {
    where.push('state = ?');
    params.push(input.state);
  }
  if (input.eventType !== undefined) {
    where.push('event_type = ?');
    params.push(input.eventType);
  }
  if (before !== null) {
    where.push('id < ?');
    params.push(before);
  }
  const idRows: { id: number | string }[] = await svc.db.query(
    `SELECT id FROM webhook_deliveries WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${limit + 1}`, params,
  );
  const ids = idRows.slice(0, limit).map((r) => Number(r.id));
  if (ids.length === 0) return { data: [], nextCursor: null };
  const [deliveries, attempts] = await Promise.all([
    svc.db.manager.find(WebhookDelivery, { where: { orgId: actor.orgId, id: In(ids) }, order: { id: 'DESC' } }),
    svc.db.manager.find(WebhookAttempt, { where: { orgId: actor.orgId, deliveryId: In(ids) }, order: { attemptNo: 'ASC' } }),
  ]);
  const seqs = [...new Set(deliveries.map((d) => d.eventSeq))];
  const events: { seq: number | string; data: string }[] = await svc.db.query(
    `SELECT seq, data FROM events WHERE org_id = ? AND seq IN (${seqs.map(() => '?').join(', ')})`, [actor.orgId, ...seqs],
  );
  const dataBySeq = new Map(events.map((e) => [Number(e.seq), e.data]));
  const data = deliveries.map((d) => {
    const payload = dataBySeq.get(d.eventSeq);
    if (payload === undefined) throw new DomainError('not_found', 'Event not found.');
    return toDeliveryView(d, payload, attempts.filter((a) => a.deliveryId === d.id));
  });
  const nextCursor = idRows.length > limit ? Buffer.from(`d:${ids[ids.length - 1]}`).toString('base64url') : null;
  return { data, nextCursor };
}
