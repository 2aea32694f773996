import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { setStatus } from './pause-webhook-endpoint';
import type { WebhookEndpointView } from './webhook.wire';

/** Resumes a paused endpoint. Replays nothing: what was skipped meanwhile is redelivered by hand. */
export async function resumeWebhookEndpoint(svc: Services, actor: Actor, input: { endpointId: string }): Promise<WebhookEndpointView> {
  authorize(actor, 'webhooks:manage');
  return setStatus(svc, actor, input, 'active');
}
