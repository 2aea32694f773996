import type { EntityManager } from 'typeorm';
import type { Mode } from '../access/index';
import { DomainError, type ValidationDetail } from '../errors';
import { EVENT_TYPES, isEventType } from '../events/catalogue';
import { WebhookEndpoint } from './webhook-endpoint.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A live (not deleted) endpoint of the caller's tenant, locked for update when asked; not_found otherwise, and
 * for an endpoint of the other mode than the caller's (test credentials and the console's test view manage
 * test endpoints only, and the other way round).
 */
export async function getEndpoint(manager: EntityManager, caller: { orgId: string; mode?: Mode }, endpointId: string, lock = false): Promise<WebhookEndpoint> {
  const where = { orgId: caller.orgId, id: endpointId, ...(caller.mode ? { mode: caller.mode } : {}) };
  const found = UUID.test(endpointId)
    ? await manager.findOne(WebhookEndpoint, { where, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
    : null;
  if (!found || found.deletedAt) throw DomainError.notFound('Webhook endpoint');
  return found;
}

/** Event types: null or undefined subscribes to every type; otherwise a non-empty list of catalogue event names. */
export function readEventTypes(details: ValidationDetail[], raw: unknown): string[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw) || raw.length === 0 || raw.some((t) => typeof t !== 'string')) {
    details.push({ path: 'eventTypes', message: 'must be null (every event type) or a non-empty list of event names such as case.created' });
    return null;
  }
  const unknown = (raw as string[]).filter((t) => !isEventType(t));
  if (unknown.length) {
    details.push({ path: 'eventTypes', message: `unknown event type(s): ${unknown.slice(0, 5).join(', ')}; see /schemas/webhooks/index.json (${EVENT_TYPES.length} types)` });
    return null;
  }
  return [...new Set(raw as string[])];
}

export function readLabel(details: ValidationDetail[], raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string' || raw.length > 200) {
    details.push({ path: 'label', message: 'must be a string of at most 200 characters' });
    return '';
  }
  return raw.trim();
}

export function subscribes(endpoint: Pick<WebhookEndpoint, 'eventTypes'>, eventType: string): boolean {
  return endpoint.eventTypes === null || endpoint.eventTypes.includes(eventType);
}
