import { Router, type RequestHandler } from 'express';
import { assertSchema, DomainError, type Services } from '../../src/platform/index';
import {
  createWebhookEndpoint, CreateWebhookEndpointRequestSchema, deleteWebhookEndpoint, getWebhookDelivery, getWebhookEndpoint, listWebhookDeliveries,
  listWebhookEndpoints, pauseWebhookEndpoint, redeliverWebhook, resumeWebhookEndpoint, testWebhookEndpoint, updateWebhookEndpoint,
  UpdateWebhookEndpointRequestSchema, type DeliveryState, type WebhookRedeliveryView, type WebhookTestResultView,
} from '../../src/webhooks/index';
import { actorOf } from './bearer-auth';
import { queryParser } from './openapi-validation';

/** A delivery id as the domain takes it: a positive integer; anything else matches no delivery (not_found). */
const deliveryIdOf = (raw: string): number => (/^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : 0);

/**
 * Endpoint management over REST (/v1/webhook_endpoints, /v1/webhook_deliveries): the console's use cases
 * (src/webhooks), so the same URL rules, permissions (scopes webhooks:read / webhooks:write for a
 * token), audit lines and errors. Bodies are checked against the published request schemas first.
 */
export function webhooksRoutes(svc: Services, doc: Record<string, unknown>, authenticate: RequestHandler, json: RequestHandler): Router {
  const router = Router();
  const deliveriesQuery = queryParser(doc, '/v1/webhook_deliveries', 'get');
  const location = (id: string) => `${svc.config.baseUrl}/v1/webhook_endpoints/${id}`;

  router.get('/v1/webhook_endpoints', authenticate, async (_req, res) => {
    res.json({ data: await listWebhookEndpoints(svc, actorOf(res)), nextCursor: null, hasMore: false });
  });

  router.post('/v1/webhook_endpoints', authenticate, json, async (req, res) => {
    const actor = actorOf(res);
    const body = assertSchema(CreateWebhookEndpointRequestSchema, req.body ?? {});
    const created = await createWebhookEndpoint(svc, actor, body);
    res.status(201).setHeader('Location', location(created.endpoint.endpointId));
    res.json(created);
  });

  router.get('/v1/webhook_endpoints/:endpointId', authenticate, async (req, res) => {
    res.json(await getWebhookEndpoint(svc, actorOf(res), { endpointId: String(req.params.endpointId) }));
  });

  router.patch('/v1/webhook_endpoints/:endpointId', authenticate, json, async (req, res) => {
    const actor = actorOf(res);
    const endpointId = String(req.params.endpointId);
    const { status, ...changes } = assertSchema(UpdateWebhookEndpointRequestSchema, req.body ?? {});
    if (status === undefined && Object.keys(changes).length === 0) {
      throw DomainError.validation([{ path: '', message: 'must name at least one field to change: url, label, eventTypes, secret or status' }]);
    }
    // The console's use cases, one per change: the edit (audited as an update), then pause or resume (audited as such).
    let view = Object.keys(changes).length ? await updateWebhookEndpoint(svc, actor, { endpointId, ...changes }) : null;
    if (status === 'paused') view = await pauseWebhookEndpoint(svc, actor, { endpointId });
    else if (status === 'active') view = await resumeWebhookEndpoint(svc, actor, { endpointId });
    res.json(view);
  });

  router.delete('/v1/webhook_endpoints/:endpointId', authenticate, async (req, res) => {
    await deleteWebhookEndpoint(svc, actorOf(res), { endpointId: String(req.params.endpointId) });
    res.status(204).end();
  });

  router.post('/v1/webhook_endpoints/:endpointId/test', authenticate, async (req, res) => {
    const result: WebhookTestResultView = await testWebhookEndpoint(svc, actorOf(res), { endpointId: String(req.params.endpointId) });
    res.json(result);
  });

  router.get('/v1/webhook_deliveries', authenticate, async (req, res) => {
    const q = deliveriesQuery(req.query as Record<string, unknown>);
    const { data, nextCursor, hasMore } = await listWebhookDeliveries(svc, actorOf(res), {
      endpointId: q.endpoint_id as string | undefined, state: q.state as DeliveryState | undefined, eventType: q.event_type as string | undefined,
      limit: q.limit as number | undefined, cursor: q.cursor as string | undefined,
    });
    res.json({ data, nextCursor, hasMore });
  });

  router.post('/v1/webhook_deliveries/:deliveryId/redeliver', authenticate, async (req, res) => {
    const actor = actorOf(res);
    const queued = await redeliverWebhook(svc, actor, { deliveryId: deliveryIdOf(String(req.params.deliveryId)) });
    const answer: WebhookRedeliveryView = { delivery: await getWebhookDelivery(svc, actor, { deliveryId: queued.deliveryId }), notice: queued.notice };
    res.status(202).json(answer);
  });

  return router;
}
