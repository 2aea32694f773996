import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { listEndpointHealth } from './webhook-health.repository';
import type { WebhookEndpointHealthView } from './webhook-health.wire';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The failure-alert state of each live endpoint of the tenant (the console's banner), oldest endpoint
 * first; an endpoint the health check has not seen an attempt of yet has every field null.
 */
export async function listWebhookEndpointHealth(svc: Services, actor: Actor): Promise<WebhookEndpointHealthView[]> {
  authorize(actor, 'webhooks:read');
  const rows = await listEndpointHealth(svc.db, actor.orgId);
  return rows.map((r) => ({
    endpointId: r.endpointId, incidentSince: iso(r.incidentSince), failingSince: iso(r.failingSince), lastSuccessAt: iso(r.lastSuccessAt),
    lastFailureAt: iso(r.lastFailureAt), lastError: r.lastError, checkedAt: iso(r.updatedAt),
  }));
}
