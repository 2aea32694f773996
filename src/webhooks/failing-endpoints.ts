import type { Services } from '../services';
import { failingEndpointCount } from './webhook-health.repository';

/** How many webhook endpoints are failing now (metrics), every tenant's, as the health check last saw them. */
export function failingWebhookEndpoints(svc: Services): Promise<number> {
  return failingEndpointCount(svc.db);
}
