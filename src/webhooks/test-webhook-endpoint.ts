import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { openEndpointSecret } from './endpoint-secret';
import { sendPing, type WebhookTestResult } from './ping-webhook';
import { getEndpoint } from './webhook-endpoints.repository';

/**
 * The post-save Test: the same `ping`, signed with the stored secret, to the saved URL (even while
 * paused). Returns the HTTP status and the first 500 bytes of the body; records no delivery.
 */
export async function testWebhookEndpoint(svc: Services, actor: Actor, input: { endpointId: string }): Promise<WebhookTestResult> {
  authorize(actor, 'webhooks:manage');
  const endpoint = await getEndpoint(svc.db.manager, actor, input.endpointId);
  return sendPing(svc, {
    orgId: actor.orgId, url: endpoint.url, secret: openEndpointSecret(svc.config.secretsKeys, endpoint), message: 'Test ping from the service.',
  });
}
