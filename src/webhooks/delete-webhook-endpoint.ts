import { auditName, authorize, type Actor } from '../access/index';
import { IsNull } from 'typeorm';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { getEndpoint } from './webhook-endpoints.repository';

export const ENDPOINT_DELETED_MESSAGE = 'Cancelled: the endpoint was deleted.';

/**
 * Deletes an endpoint. Its delivery log stays (the row is kept, marked deleted, its secret destroyed);
 * deliveries still pending end as failed.
 */
export async function deleteWebhookEndpoint(svc: Services, actor: Actor, input: { endpointId: string }): Promise<{ deleted: true }> {
  authorize(actor, 'webhooks:manage');
  await inTransaction(svc, async (tx) => {
    const endpoint = await getEndpoint(tx.manager, actor, input.endpointId, true);
    const now = svc.clock.now();
    await tx.manager.update(WebhookEndpoint, { orgId: actor.orgId, id: endpoint.id }, {
      deletedAt: now, updatedAt: now, status: 'paused', secretCiphertext: '', secretKeyId: '',
    });
    await tx.manager.update(
      WebhookDelivery,
      { orgId: actor.orgId, endpointId: endpoint.id, state: 'pending', completedAt: IsNull() },
      { state: 'failed', lastError: ENDPOINT_DELETED_MESSAGE, leaseUntil: null, completedAt: now, updatedAt: now },
    );
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'webhook_endpoint.deleted', details: { endpointId: endpoint.id }, at: now });
  });
  return { deleted: true };
}
