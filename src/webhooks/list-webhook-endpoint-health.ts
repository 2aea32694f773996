import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { listEndpointHealth, listPendingRetries } from './webhook-health.repository';
import type { WebhookEndpointHealthView } from './webhook-health.wire';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The failure-alert state of each live endpoint of the tenant (the console's banner), oldest endpoint
 * first; an endpoint the health check has not seen an attempt of yet has every field null. The retries
 * waiting now are read live from the deliveries, so a failing endpoint never looks healthy between checks.
 */
export async function listWebhookEndpointHealth(svc: Services, actor: Actor): Promise<WebhookEndpointHealthView[]> {
  authorize(actor, 'webhooks:read');
  const [rows, retries] = await Promise.all([listEndpointHealth(svc.db, actor.orgId), listPendingRetries(svc.db, actor.orgId)]);
  return rows.map((r) => {
    const retry = retries.get(r.endpointId);
    return {
      endpointId: r.endpointId, incidentSince: iso(r.incidentSince), failingSince: iso(r.failingSince), lastSuccessAt: iso(r.lastSuccessAt),
      lastFailureAt: iso(r.lastFailureAt), lastError: r.lastError, checkedAt: iso(r.updatedAt),
      pendingRetries: retry?.count ?? 0, retryingSince: iso(retry?.since ?? null), nextRetryAt: iso(retry?.nextAt ?? null), lastRetryAt: iso(retry?.lastAt ?? null), lastRetryError: retry?.lastError ?? null,
    };
  });
}
