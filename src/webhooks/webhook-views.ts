import type { WebhookAttempt } from './webhook-attempt.entity';
import type { DeliveryState, WebhookDelivery } from './webhook-delivery.entity';
import type { EndpointStatus, WebhookEndpoint } from './webhook-endpoint.entity';

/** An endpoint as the console and CLI see it: never its secret. */
export interface WebhookEndpointView {
  endpointId: string;
  url: string;
  label: string;
  /** Subscribed event types; null means every type, including ones added later. */
  eventTypes: string[] | null;
  status: EndpointStatus;
  createdAt: string;
  updatedAt: string;
}

export function toEndpointView(e: WebhookEndpoint): WebhookEndpointView {
  return {
    endpointId: e.id, url: e.url, label: e.label, eventTypes: e.eventTypes, status: e.status,
    createdAt: e.createdAt.toISOString(), updatedAt: e.updatedAt.toISOString(),
  };
}

export interface WebhookAttemptView {
  attempt: number;
  /** 0 when there was no response. */
  httpStatus: number;
  error: string | null;
  /** First 64 KiB of the response body. */
  responseBody: string | null;
  durationMs: number;
  startedAt: string;
  finishedAt: string;
}

/** One row of Recent Deliveries, with its attempts (oldest first) and the payload kept for replay. */
export interface WebhookDeliveryView {
  deliveryId: number;
  endpointId: string;
  eventId: string;
  eventType: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  lastHttpStatus: number | null;
  /** The last failure in words, or `Retry cancelled: the endpoint is paused.` */
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
  payload: unknown;
  attemptLog: WebhookAttemptView[];
}

export function toAttemptView(a: WebhookAttempt): WebhookAttemptView {
  return {
    attempt: a.attemptNo, httpStatus: a.httpStatus, error: a.errorMessage, responseBody: a.responseBody, durationMs: a.durationMs,
    startedAt: a.startedAt.toISOString(), finishedAt: a.finishedAt.toISOString(),
  };
}

export function toDeliveryView(d: WebhookDelivery, payload: string, attempts: WebhookAttempt[]): WebhookDeliveryView {
  return {
    deliveryId: d.id, endpointId: d.endpointId, eventId: d.eventId, eventType: d.eventType, state: d.state, attempts: d.attempts,
    nextAttemptAt: d.state === 'pending' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
    lastHttpStatus: d.lastHttpStatus, lastError: d.lastError, createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt ? d.completedAt.toISOString() : null,
    payload: JSON.parse(payload), attemptLog: attempts.map(toAttemptView),
  };
}
