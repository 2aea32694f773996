import { auditName, authorize, principalMode, type Actor } from '../access/index';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { getTenant } from '../tenants/index';
import { throwIfAny } from '../validation';
import { generateEndpointSecret, readSuppliedSecret, sealEndpointSecret } from './endpoint-secret';
import { checkWebhookUrlForSave } from '../security/url-guard';
import { ENDPOINT_STATUSES, WebhookEndpoint, type EndpointStatus } from './webhook-endpoint.entity';
import { readEventTypes, readLabel } from './webhook-endpoints.repository';
import { toEndpointView } from './webhook-views';
import type { WebhookEndpointView } from './webhook.wire';

export interface CreateWebhookEndpointInput {
  url: string;
  label?: string;
  /** Blank or absent: 64 hex characters are generated. */
  secret?: string | null;
  /** Null or absent: every event type. */
  eventTypes?: string[] | null;
  /** Default active. */
  status?: EndpointStatus;
}

export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpointView;
  /** Shown this once; stored encrypted (AES-256-GCM under a key id). */
  secret: string;
}

/**
 * Registers a tenant's webhook receiver after checking its URL (https, public addresses only), in the caller's
 * mode: one registered with test credentials or in the console's test view receives test events only.
 */
export async function createWebhookEndpoint(svc: Services, actor: Actor, input: CreateWebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
  authorize(actor, 'webhooks:manage');
  const details: ValidationDetail[] = [];
  const label = readLabel(details, input.label);
  const supplied = readSuppliedSecret(details, input.secret);
  const eventTypes = readEventTypes(details, input.eventTypes);
  const status = input.status ?? 'active';
  if (!ENDPOINT_STATUSES.includes(status)) details.push({ path: 'status', message: 'must be active or paused' });
  throwIfAny(details);
  const checked = await checkWebhookUrlForSave(svc, input.url);
  await getTenant(svc, actor.orgId);

  const secret = supplied ?? generateEndpointSecret();
  const id = randomUUID();
  const now = svc.clock.now();
  const endpoint = Object.assign(new WebhookEndpoint(), {
    id, orgId: actor.orgId, mode: principalMode(actor), url: checked.url.toString(), label, ...sealEndpointSecret(svc.config.secretsKeys, id, secret),
    eventTypes, status, createdAt: now, updatedAt: now, deletedAt: null,
  });
  await inTransaction(svc, async (tx) => {
    await tx.manager.insert(WebhookEndpoint, endpoint);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'webhook_endpoint.created',
      details: { endpointId: id, url: endpoint.url, ...(endpoint.mode === 'test' ? { mode: 'test' } : {}), eventTypes, status, secretGenerated: supplied === null }, at: now,
    });
  });
  return { endpoint: toEndpointView(endpoint), secret };
}
