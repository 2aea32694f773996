import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { throwIfAny } from '../validation';
import { readSuppliedSecret, sealEndpointSecret } from './endpoint-secret';
import { checkWebhookUrlForSave } from '../security/url-guard';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { getEndpoint, readEventTypes, readLabel } from './webhook-endpoints.repository';
import { toEndpointView } from './webhook-views';
import type { WebhookEndpointView } from './webhook.wire';

export interface UpdateWebhookEndpointInput {
  endpointId: string;
  url?: string;
  label?: string;
  /** Null: every event type. Absent: unchanged. */
  eventTypes?: string[] | null;
  /** Rotation: a new value replaces the old, which is unrecoverable. Absent or blank: unchanged. */
  secret?: string | null;
}

/** Edits an endpoint: URL (checked again), label, subscriptions, secret rotation. Applies from the next attempt. */
export async function updateWebhookEndpoint(svc: Services, actor: Actor, input: UpdateWebhookEndpointInput): Promise<WebhookEndpointView> {
  authorize(actor, 'webhooks:manage');
  const details: ValidationDetail[] = [];
  const label = input.label === undefined ? undefined : readLabel(details, input.label);
  const eventTypes = input.eventTypes === undefined ? undefined : readEventTypes(details, input.eventTypes);
  const secret = readSuppliedSecret(details, input.secret);
  throwIfAny(details);
  const url = input.url === undefined ? undefined : (await checkWebhookUrlForSave(svc, input.url)).url.toString();

  return inTransaction(svc, async (tx) => {
    const endpoint = await getEndpoint(tx.manager, actor, input.endpointId, true);
    const now = svc.clock.now();
    const changes: Partial<WebhookEndpoint> = { updatedAt: now };
    if (url !== undefined) changes.url = url;
    if (label !== undefined) changes.label = label;
    if (eventTypes !== undefined) changes.eventTypes = eventTypes;
    if (secret !== null) Object.assign(changes, sealEndpointSecret(svc.config.secretsKeys, endpoint.id, secret));
    await tx.manager.update(WebhookEndpoint, { orgId: actor.orgId, id: endpoint.id }, changes);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'webhook_endpoint.updated',
      details: { endpointId: endpoint.id, url, label, eventTypes, secretRotated: secret !== null }, at: now,
    });
    return toEndpointView(Object.assign(endpoint, changes));
  });
}
