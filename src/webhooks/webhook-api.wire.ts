import { Nullable, OptionalText, PageOf, Type, type Static } from '../wire';
import { EndpointStatusSchema, WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.wire';

/**
 * Wire shapes of endpoint management over REST (/v1/webhook_endpoints, /v1/webhook_deliveries): the
 * request bodies (validated with these very objects) and the answers that are not plain endpoint or
 * delivery views. The same use cases serve the console; these are only the REST envelope around them.
 */

const EventTypeList = Nullable(Type.Array(Type.String({ description: 'An event type of the catalogue (/schemas/webhooks/index.json).' })), {
  description: 'Null or absent: every event type, including ones added later. Otherwise a non-empty list of catalogue event types.',
});
const Secret = Nullable(Type.String({ maxLength: 256 }), {
  description: '16 to 256 printable ASCII characters without spaces; blank, null or absent: 64 hex characters are generated (create) or the secret is unchanged (update).',
});

export const CreateWebhookEndpointRequestSchema = Type.Object({
  url: Type.String({ maxLength: 2048, description: 'https only, no credentials, on a public address (checked now and before every request).' }),
  label: Type.Optional(Type.String({ maxLength: 200 })),
  secret: Type.Optional(Secret),
  eventTypes: Type.Optional(EventTypeList),
  status: Type.Optional(EndpointStatusSchema),
}, { additionalProperties: false });
export type CreateWebhookEndpointRequest = Static<typeof CreateWebhookEndpointRequestSchema>;

export const UpdateWebhookEndpointRequestSchema = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 2048, description: 'Checked again as on creation.' })),
  label: Type.Optional(Type.String({ maxLength: 200 })),
  secret: Type.Optional(Nullable(Type.String({ maxLength: 256 }), {
    description: 'Rotation: the new secret signs from the next attempt; the old one is unrecoverable. Blank, null or absent: unchanged.',
  })),
  eventTypes: Type.Optional(EventTypeList),
  status: Type.Optional(EndpointStatusSchema),
}, { additionalProperties: false, description: 'Only the fields given change. `status` paused pauses the endpoint, active resumes it (replaying nothing).' });
export type UpdateWebhookEndpointRequest = Static<typeof UpdateWebhookEndpointRequestSchema>;

/** The answer of POST /v1/webhook_endpoints: the endpoint and its secret, shown this once. */
export const CreatedWebhookEndpointSchema = Type.Object({
  endpoint: WebhookEndpointSchema,
  secret: Type.String({ description: 'The signing secret: shown this once, stored encrypted, never readable again.' }),
});
export type CreatedWebhookEndpointView = Static<typeof CreatedWebhookEndpointSchema>;

export const WebhookEndpointListSchema = PageOf(WebhookEndpointSchema, 'Every endpoint of the tenant, oldest first, in one page (never their secrets).');
export const WebhookDeliveryListSchema = PageOf(WebhookDeliverySchema, 'Newest first by delivery id.');

export const WebhookTestResultSchema = Type.Object({
  ok: Type.Boolean({ description: 'The receiver answered 2xx.' }),
  httpStatus: Type.Integer({ description: '0 when there was no response.' }),
  error: OptionalText({ description: 'DNS, TLS, reachability or status problem in words; null when ok.' }),
  body: OptionalText({ description: 'The first 500 bytes of the response body.' }),
  durationMs: Type.Integer(),
  eventId: Type.String({ format: 'uuid', description: 'The eventId of the `ping` payload (never stored).' }),
}, { description: 'The answer of a signed `ping` to the endpoint, signed with its stored secret. No delivery is recorded.' });
export type WebhookTestResultView = Static<typeof WebhookTestResultSchema>;

export const WebhookRedeliverySchema = Type.Object({
  delivery: WebhookDeliverySchema,
  notice: OptionalText({ description: 'Set when the endpoint is paused: the redelivery is sent anyway.' }),
}, { description: 'The delivery, pending again: one new attempt of the same bytes, eventId and delivery id; the attempt counter continues.' });
export type WebhookRedeliveryView = Static<typeof WebhookRedeliverySchema>;
