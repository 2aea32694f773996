import type { Services } from '../services';
import { setStatus } from './pause-webhook-endpoint';
import type { WebhookEndpointView } from './webhook-views';

/** Resumes a paused endpoint. Replays nothing: what was skipped meanwhile is redelivered by hand. */
export async function resumeWebhookEndpoint(svc: Services, input: { orgId: string; endpointId: string; actor: string }): Promise<WebhookEndpointView> {
  return setStatus(svc, input, 'active');
}
