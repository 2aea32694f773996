import { EventTypeSchema } from '../events/event-feed.wire';
import { DateTime, Nullable, OptionalText, StringEnum, Type, type Static } from '../wire';
import { DELIVERY_STATES } from './webhook-delivery.entity';
import { ENDPOINT_STATUSES } from './webhook-endpoint.entity';

/**
 * Wire shapes of webhook configuration as the console and the CLI see them (and, with the console
 * issue, its GraphQL types): endpoints without their secret, deliveries with their attempts.
 */
export const EndpointStatusSchema = StringEnum(ENDPOINT_STATUSES);
export const DeliveryStateSchema = StringEnum(DELIVERY_STATES, {
  description: '`skipped_paused`: the event occurred while the endpoint was paused (no attempt; redeliver by hand).',
});

/** An endpoint as the console and CLI see it: never its secret. */
export const WebhookEndpointSchema = Type.Object({
  endpointId: Type.String({ format: 'uuid' }),
  url: Type.String({ format: 'uri' }),
  label: Type.String(),
  eventTypes: Nullable(Type.Array(EventTypeSchema), { description: 'Subscribed event types; null means every type, including ones added later.' }),
  status: EndpointStatusSchema,
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')], {
    description: 'test: a test endpoint (registered with test credentials or in the console\'s test view), which receives test events only.',
  }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});
export type WebhookEndpointView = Static<typeof WebhookEndpointSchema>;

export const WebhookAttemptSchema = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  httpStatus: Type.Integer({ description: '0 when there was no response.' }),
  error: OptionalText(),
  responseBody: OptionalText({ description: 'First 64 KiB of the response body.' }),
  durationMs: Type.Integer(),
  startedAt: DateTime(),
  finishedAt: DateTime(),
});
export type WebhookAttemptView = Static<typeof WebhookAttemptSchema>;

/** One row of Recent Deliveries, with its attempts (oldest first) and the payload kept for replay. */
export const WebhookDeliverySchema = Type.Object({
  deliveryId: Type.Integer({ description: 'X-SVC-Delivery-Id, stable across retries and redelivery.' }),
  endpointId: Type.String({ format: 'uuid' }),
  eventId: Type.String({ format: 'uuid' }),
  eventType: EventTypeSchema,
  state: DeliveryStateSchema,
  attempts: Type.Integer({ minimum: 0 }),
  nextAttemptAt: Nullable(DateTime()),
  lastHttpStatus: Nullable(Type.Integer()),
  lastError: OptionalText({ description: 'The last failure in words, or `Retry cancelled: the endpoint is paused.`' }),
  createdAt: DateTime(),
  completedAt: Nullable(DateTime()),
  payload: Type.Unknown({ description: 'The original payload, as sent.' }),
  attemptLog: Type.Array(WebhookAttemptSchema),
});
export type WebhookDeliveryView = Static<typeof WebhookDeliverySchema>;
