import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import type { WebhookEndpointHealthView } from './webhook-health.wire';

interface Row {
  id: string;
  incident_since: Date | null;
  failing_since: Date | null;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  last_error: string | null;
  updated_at: Date | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The failure-alert state of each live endpoint of the tenant (the console's banner), oldest endpoint
 * first; an endpoint the health check has not seen an attempt of yet has every field null.
 */
export async function listWebhookEndpointHealth(svc: Services, actor: Actor): Promise<WebhookEndpointHealthView[]> {
  authorize(actor, 'webhooks:read');
  const rows = (await svc.db.query(
    `SELECT e.id, h.incident_since, h.failing_since, h.last_success_at, h.last_failure_at, h.last_error, h.updated_at
     FROM webhook_endpoints e LEFT JOIN webhook_endpoint_health h ON h.endpoint_id = e.id AND h.org_id = e.org_id
     WHERE e.org_id = ? AND e.deleted_at IS NULL ORDER BY e.created_at, e.id`,
    [actor.orgId],
  )) as Row[];
  return rows.map((r) => ({
    endpointId: r.id, incidentSince: iso(r.incident_since), failingSince: iso(r.failing_since), lastSuccessAt: iso(r.last_success_at),
    lastFailureAt: iso(r.last_failure_at), lastError: r.last_error, checkedAt: iso(r.updated_at),
  }));
}
