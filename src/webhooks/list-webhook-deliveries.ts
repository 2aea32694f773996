import { authorize, restrictedMode, type Actor } from '../access/index';
import { In, LessThan, type FindOptionsWhere } from 'typeorm';
import { DomainError, type ValidationDetail } from '../errors';
import { isEventType } from '../events/catalogue';
import { eventDataBySeq } from '../events/index';
import { forTenant } from '../db/index';
import { decodeCursor, pageSize, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { throwIfAny } from '../validation';
import { WebhookAttempt } from './webhook-attempt.entity';
import { DELIVERY_STATES, WebhookDelivery, type DeliveryState } from './webhook-delivery.entity';
import { toDeliveryView } from './webhook-views';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import type { WebhookDeliveryView } from './webhook.wire';

export interface ListWebhookDeliveriesInput {
  endpointId?: string;
  state?: DeliveryState;
  eventType?: string;
  /** 1..200, default 50. */
  limit?: number;
  /** The `nextCursor` of the previous page (or an edge cursor), with the same filters. */
  cursor?: string | null;
}

export type WebhookDeliveryPage = Page<WebhookDeliveryView>;

/**
 * Recent Deliveries: the tenant's deliveries newest first, filtered by endpoint, state and event type,
 * each with its attempts (status, duration, error, response body), and the payload kept for replay.
 * Keyset paging on the delivery id (rows added meanwhile never shift a page); the cursor is signed and
 * bound to the tenant and the filters. `edgeCursors` adds the cursor after each row (GraphQL edges).
 */
export async function listWebhookDeliveries(
  svc: Services,
  actor: Actor,
  input: ListWebhookDeliveriesInput = {},
  options: { edgeCursors?: boolean } = {},
): Promise<WebhookDeliveryPage> {
  authorize(actor, 'webhooks:read');
  const details: ValidationDetail[] = [];
  const limit = pageSize(input.limit, 'limit', details);
  if (input.state !== undefined && !DELIVERY_STATES.includes(input.state)) details.push({ path: 'state', message: `must be one of ${DELIVERY_STATES.join(', ')}` });
  if (input.eventType !== undefined && !isEventType(input.eventType)) details.push({ path: 'eventType', message: 'is not an event type of the catalogue' });
  throwIfAny(details);
  const scope: CursorScope = {
    orgId: actor.orgId, list: 'webhook_deliveries', filter: { endpointId: input.endpointId, state: input.state, eventType: input.eventType },
  };
  const before = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;

  const where: FindOptionsWhere<WebhookDelivery> = { orgId: actor.orgId };
  const ofMode = await endpointIdsOfMode(svc, actor);
  if (input.endpointId !== undefined) where.endpointId = ofMode && !ofMode.includes(input.endpointId) ? In([]) : input.endpointId;
  else if (ofMode) where.endpointId = In(ofMode);
  if (input.state !== undefined) where.state = input.state;
  if (input.eventType !== undefined) where.eventType = input.eventType;
  if (before !== null) where.id = LessThan(before);
  const rows = await svc.db.manager.find(WebhookDelivery, { where, order: { id: 'DESC' }, take: limit + 1 });
  const page = toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], (r) => r, options);
  return { ...page, data: await deliveryViews(svc, actor.orgId, page.data) };
}

/** One delivery of the tenant with its attempts and payload; not_found for another tenant's or a missing id. */
export async function getWebhookDelivery(svc: Services, actor: Actor, input: { deliveryId: number }): Promise<WebhookDeliveryView> {
  authorize(actor, 'webhooks:read');
  const row = Number.isSafeInteger(input.deliveryId) && input.deliveryId > 0
    ? await svc.db.manager.findOneBy(WebhookDelivery, { orgId: actor.orgId, id: input.deliveryId })
    : null;
  const ofMode = await endpointIdsOfMode(svc, actor);
  if (!row || (ofMode && !ofMode.includes(row.endpointId))) throw DomainError.notFound('Delivery');
  return (await deliveryViews(svc, actor.orgId, [row]))[0]!;
}

/**
 * The ids of the tenant's endpoints (deleted ones too: their deliveries stay listed) of the caller's mode, or null
 * for a caller kept to no mode: test credentials and the console's test view see the deliveries of test endpoints only.
 */
async function endpointIdsOfMode(svc: Services, actor: Actor): Promise<string[] | null> {
  const mode = restrictedMode(actor);
  if (!mode) return null;
  const rows = await svc.db.manager.find(WebhookEndpoint, { select: { id: true }, where: { orgId: actor.orgId, mode } });
  return rows.map((r) => r.id);
}

/** The views of delivery rows of one tenant: their attempts (oldest first) and payloads, in three reads. */
async function deliveryViews(svc: Services, orgId: string, deliveries: WebhookDelivery[]): Promise<WebhookDeliveryView[]> {
  if (deliveries.length === 0) return [];
  const ids = deliveries.map((d) => d.id);
  const seqs = [...new Set(deliveries.map((d) => d.eventSeq))];
  const [attempts, dataBySeq] = await Promise.all([
    svc.db.manager.find(WebhookAttempt, { where: { orgId, deliveryId: In(ids) }, order: { attemptNo: 'ASC' } }),
    eventDataBySeq(forTenant(svc.db, orgId), seqs.map(Number)),
  ]);
  return deliveries.map((d) => {
    const payload = dataBySeq.get(Number(d.eventSeq));
    if (payload === undefined) throw new Error(`webhook delivery ${d.id}: its event row is missing`);
    return toDeliveryView(d, payload, attempts.filter((a) => Number(a.deliveryId) === Number(d.id)));
  });
}
