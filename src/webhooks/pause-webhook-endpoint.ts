import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { getEndpoint } from './webhook-endpoints.repository';
import { toEndpointView } from './webhook-views';
import type { WebhookEndpointView } from './webhook.wire';

/**
 * Pauses an endpoint: events from now on are recorded as skipped_paused (no attempt), and a retry that
 * falls due meanwhile ends its delivery as failed (`Retry cancelled: the endpoint is paused.`).
 */
export async function pauseWebhookEndpoint(svc: Services, actor: Actor, input: { endpointId: string }): Promise<WebhookEndpointView> {
  authorize(actor, 'webhooks:manage');
  return setStatus(svc, actor, input, 'paused');
}

export async function setStatus(
  svc: Services,
  actor: Actor,
  input: { endpointId: string },
  status: WebhookEndpoint['status'],
): Promise<WebhookEndpointView> {
  return inTransaction(svc, async (tx) => {
    const endpoint = await getEndpoint(tx.manager, actor, input.endpointId, true);
    if (endpoint.status === status) return toEndpointView(endpoint);
    const now = svc.clock.now();
    await tx.manager.update(WebhookEndpoint, { orgId: actor.orgId, id: endpoint.id }, { status, updatedAt: now });
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: status === 'paused' ? 'webhook_endpoint.paused' : 'webhook_endpoint.resumed',
      details: { endpointId: endpoint.id }, at: now,
    });
    return toEndpointView(Object.assign(endpoint, { status, updatedAt: now }));
  });
}
