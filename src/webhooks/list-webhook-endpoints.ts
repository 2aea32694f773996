import { authorize, restrictedMode, type Actor } from '../access/index';
import { IsNull } from 'typeorm';
import type { Services } from '../services';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { getEndpoint } from './webhook-endpoints.repository';
import { toEndpointView } from './webhook-views';
import type { WebhookEndpointView } from './webhook.wire';

/** The tenant's endpoints of the caller's mode (all of them for the operator), oldest first, without secrets. */
export async function listWebhookEndpoints(svc: Services, actor: Actor): Promise<WebhookEndpointView[]> {
  authorize(actor, 'webhooks:read');
  const mode = restrictedMode(actor);
  const rows = await svc.db.manager.find(WebhookEndpoint, { where: { orgId: actor.orgId, deletedAt: IsNull(), ...(mode ? { mode } : {}) }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rows.map(toEndpointView);
}

/** One endpoint of the tenant, without its secret; not_found for another tenant's or a deleted one. */
export async function getWebhookEndpoint(svc: Services, actor: Actor, input: { endpointId: string }): Promise<WebhookEndpointView> {
  authorize(actor, 'webhooks:read');
  return toEndpointView(await getEndpoint(svc.db.manager, actor, input.endpointId));
}
