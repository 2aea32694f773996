import type { EventType } from '../events/catalogue';
import type { WebhookAttempt } from './webhook-attempt.entity';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import type { WebhookAttemptView, WebhookDeliveryView, WebhookEndpointView } from './webhook.wire';

/**
 * Mappers from webhook entities to the console's wire shapes (webhook.wire.ts). Stored event types were
 * checked against the catalogue when saved or recorded, so they are read back as EventTypes.
 */

export function toEndpointView(e: WebhookEndpoint): WebhookEndpointView {
  return {
    endpointId: e.id, url: e.url, label: e.label, eventTypes: e.eventTypes as EventType[] | null, status: e.status, mode: e.mode,
    createdAt: e.createdAt.toISOString(), updatedAt: e.updatedAt.toISOString(),
  };
}

export function toAttemptView(a: WebhookAttempt): WebhookAttemptView {
  return {
    attempt: a.attemptNo, httpStatus: a.httpStatus, error: a.errorMessage, responseBody: a.responseBody, durationMs: a.durationMs,
    startedAt: a.startedAt.toISOString(), finishedAt: a.finishedAt.toISOString(),
  };
}

export function toDeliveryView(d: WebhookDelivery, payload: string, attempts: WebhookAttempt[]): WebhookDeliveryView {
  return {
    deliveryId: d.id, endpointId: d.endpointId, eventId: d.eventId, eventType: d.eventType as EventType, state: d.state, attempts: d.attempts,
    nextAttemptAt: d.state === 'pending' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
    lastHttpStatus: d.lastHttpStatus, lastError: d.lastError, createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt ? d.completedAt.toISOString() : null,
    payload: JSON.parse(payload), attemptLog: attempts.map(toAttemptView),
  };
}
