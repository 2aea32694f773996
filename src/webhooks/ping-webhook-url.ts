import { authorize, type Actor } from '../access/index';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { getTenant } from '../tenants/index';
import { throwIfAny } from '../validation';
import { generateEndpointSecret, readSuppliedSecret } from './endpoint-secret';
import { sendPing, type WebhookTestResult } from './ping-webhook';
import { parseWebhookUrl } from '../security/url-guard';

/**
 * The pre-save ping: a signed `ping` to a typed URL before any endpoint exists, with the supplied secret
 * or a fresh one. Checks DNS, TLS and reachability and reports failures in words. URL rules that need no
 * lookup fail as validation_failed; a private address comes back as a failed test with the contract's message.
 */
export async function pingWebhookUrl(svc: Services, actor: Actor, input: { url: string; secret?: string | null }): Promise<WebhookTestResult> {
  authorize(actor, 'webhooks:manage');
  const details: ValidationDetail[] = [];
  const supplied = readSuppliedSecret(details, input.secret);
  throwIfAny(details);
  const url = parseWebhookUrl(input.url);
  await getTenant(svc, actor.orgId);
  return sendPing(svc, { orgId: actor.orgId, url: url.toString(), secret: supplied ?? generateEndpointSecret(), message: 'Test ping before saving the endpoint.' });
}
