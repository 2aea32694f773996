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
export async function deleteWebhookEndpoint(svc: Services, input: { orgId: string; endpointId: string; actor: string }): Promise<{ deleted: true }> {
  await inTransaction(svc, async (tx) => {
    const endpoint = await getEndpoint(tx.manager, input.orgId, input.endpointId, true);
    const now = svc.clock.now();
    await tx.manager.update(WebhookEndpoint, { orgId: input.orgId, id: endpoint.id }, {
      deletedAt: now, updatedAt: now, status: 'paused', secretCiphertext: '', secretKeyId: '',
    });
    await tx.manager.update(
      WebhookDelivery,
      { orgId: input.orgId, endpointId: endpoint.id, state: 'pending', completedAt: IsNull() },
      { state: 'failed', lastError: ENDPOINT_DELETED_MESSAGE, leaseUntil: null, completedAt: now, updatedAt: now },
    );
    await recordAudit(tx, { orgId: input.orgId, actor: input.actor, action: 'webhook_endpoint.deleted', details: { endpointId: endpoint.id }, at: now });
  });
  return { deleted: true };
}
