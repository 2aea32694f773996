import { EventTypeSchema } from '../../src/events/index';
import { DeliveryStateSchema } from '../../src/webhooks/index';
import * as EX from './openapi-examples';

/** What the paths below take from the document builder (openapi.ts): its helpers, so that both say things one way. */
export interface OpenApiParts {
  ref: (name: string) => object;
  header: (name: string) => object;
  response: (description: string, schema: string, headers?: Record<string, unknown>, example?: unknown) => object;
  errors: (...codes: ('400' | '401' | '403' | '404' | '413' | '429')[]) => Record<string, unknown>;
  bearer: (scope: string) => object[];
  rateLimited: Record<string, unknown>;
  pageParams: object[];
  jsonContent: (schema: object) => object;
  withExample: (content: Record<string, { schema: object }>, example: unknown) => object;
}

/** A parameter's schema inline, as plain JSON: query validation compiles it alone. */
const plain = (schema: object): object => JSON.parse(JSON.stringify(schema)) as object;

const endpointId = { name: 'endpointId', in: 'path', required: true, description: 'The endpoint id (UUID).', schema: { type: 'string' } };
const deliveryId = { name: 'deliveryId', in: 'path', required: true, description: 'The delivery id (X-SVC-Delivery-Id).', schema: { type: 'string' } };

/**
 * Endpoint management over REST: the console's webhook use cases for integrators who configure in code,
 * under the additive scopes webhooks:read and webhooks:write.
 */
export function webhookManagementPaths(p: OpenApiParts): Record<string, unknown> {
  const urlRejected = {
    description: 'validation_failed (details name each problem), or unsafe_webhook_url: the URL resolves to a private, loopback, link-local, CGN, IPv6-local or cloud-metadata address.',
    headers: p.rateLimited,
    content: p.withExample(p.jsonContent({ oneOf: [p.ref('ValidationError'), p.ref('UnsafeWebhookUrlError')] }) as Record<string, { schema: object }>, {
      error: 'unsafe_webhook_url', message: 'Webhook URL must not target a private or loopback address.', details: [{ path: '/url', message: 'resolves to 10.0.0.12, a private address' }],
    }),
  };
  const conflict = p.response('conflict: the delivery is still pending; wait for its attempt to finish.', 'Error', p.rateLimited,
    { error: 'conflict', message: 'The delivery is still pending; wait for its attempt to finish.' });
  return {
    '/v1/webhook_endpoints': {
      get: {
        operationId: 'listWebhookEndpoints', summary: 'List webhook endpoints', tags: ['webhook endpoints'], security: p.bearer('webhooks:read'),
        description: 'Every endpoint of the tenant, oldest first, in one page (nextCursor null, hasMore false). Secrets are never shown after creation.',
        responses: { 200: p.response('The endpoints.', 'WebhookEndpointList', p.rateLimited, EX.EXAMPLE_ENDPOINT_LIST), ...p.errors('401', '403', '429') },
      },
      post: {
        operationId: 'createWebhookEndpoint', summary: 'Register a webhook endpoint', tags: ['webhook endpoints'], security: p.bearer('webhooks:write'),
        description: 'The URL rules are the console\'s (https, no credentials, public addresses only; checked again before every request). '
          + 'A blank or absent secret is generated (64 hex characters). The answer carries the secret: it is shown this once. Audited (actor api_client:<clientId>).',
        requestBody: { required: true, content: p.withExample(p.jsonContent(p.ref('CreateWebhookEndpointRequest')) as Record<string, { schema: object }>, EX.EXAMPLE_ENDPOINT_CREATE) },
        responses: {
          201: p.response('Created. Location names the endpoint.', 'CreatedWebhookEndpoint', {
            ...p.rateLimited, Location: { required: true, description: 'The endpoint\'s URL.', schema: { type: 'string' } },
          }, EX.EXAMPLE_ENDPOINT_CREATED),
          400: urlRejected,
          ...p.errors('401', '403', '413', '429'),
        },
      },
    },
    '/v1/webhook_endpoints/{endpointId}': {
      parameters: [endpointId],
      get: {
        operationId: 'getWebhookEndpoint', summary: 'One webhook endpoint', tags: ['webhook endpoints'], security: p.bearer('webhooks:read'),
        description: 'The endpoint\'s URL, label, event types and status; its secret is never shown after creation (rotate it with PATCH). Another tenant\'s endpoint is not_found.',
        responses: { 200: p.response('The endpoint (never its secret).', 'WebhookEndpoint', p.rateLimited, EX.EXAMPLE_ENDPOINT_LIST.data[0]), ...p.errors('400', '401', '403', '404', '429') },
      },
      patch: {
        operationId: 'updateWebhookEndpoint', summary: 'Change a webhook endpoint', tags: ['webhook endpoints'], security: p.bearer('webhooks:write'),
        description: 'Only the fields given change, from the next attempt: url (checked again), label, eventTypes, secret (rotation: the old one is unrecoverable), '
          + 'status (`paused` pauses: events meanwhile are recorded as skipped_paused and not sent, due retries are cancelled; `active` resumes, replaying nothing). Audited.',
        requestBody: { required: true, content: p.withExample(p.jsonContent(p.ref('UpdateWebhookEndpointRequest')) as Record<string, { schema: object }>, EX.EXAMPLE_ENDPOINT_UPDATE) },
        responses: { 200: p.response('The endpoint as it is now.', 'WebhookEndpoint', p.rateLimited, EX.EXAMPLE_ENDPOINT_UPDATED), 400: urlRejected, ...p.errors('401', '403', '404', '413', '429') },
      },
      delete: {
        operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint', tags: ['webhook endpoints'], security: p.bearer('webhooks:write'),
        description: 'Its secret is destroyed and its pending deliveries fail (`Cancelled: the endpoint was deleted.`); the delivery log stays. Audited.',
        responses: { 204: { description: 'Deleted. No body.', headers: p.rateLimited }, ...p.errors('400', '401', '403', '404', '429') },
      },
    },
    '/v1/webhook_endpoints/{endpointId}/test': {
      parameters: [endpointId],
      post: {
        operationId: 'testWebhookEndpoint', summary: 'Send a signed test ping', tags: ['webhook endpoints'], security: p.bearer('webhooks:write'),
        description: 'Sends a `ping` event signed with the stored secret to the endpoint\'s URL (also while paused) and answers with the receiver\'s status and the first 500 bytes of its body. '
          + 'A receiver that fails is still a 200 here, with ok false and the problem in words. No body is needed; no delivery is recorded.',
        responses: { 200: p.response('What the receiver answered.', 'WebhookTestResult', p.rateLimited, EX.EXAMPLE_ENDPOINT_TEST), ...p.errors('400', '401', '403', '404', '429') },
      },
    },
    '/v1/webhook_deliveries': {
      get: {
        operationId: 'listWebhookDeliveries', summary: 'The delivery log', tags: ['webhook endpoints'], security: p.bearer('webhooks:read'),
        description: 'Newest first by delivery id, each with its attempts (status, duration, error, response body) and the payload kept for replay.',
        parameters: [
          ...p.pageParams,
          { name: 'endpoint_id', in: 'query', required: false, description: 'Only this endpoint\'s deliveries.', schema: { type: 'string', format: 'uuid' } },
          { name: 'state', in: 'query', required: false, schema: plain(DeliveryStateSchema) },
          { name: 'event_type', in: 'query', required: false, description: 'One event type.', schema: plain(EventTypeSchema) },
        ],
        responses: { 200: p.response('A page of deliveries.', 'WebhookDeliveryList', p.rateLimited, EX.EXAMPLE_DELIVERY_LIST), ...p.errors('400', '401', '403', '429') },
      },
    },
    '/v1/webhook_deliveries/{deliveryId}/redeliver': {
      parameters: [deliveryId],
      post: {
        operationId: 'redeliverWebhookDelivery', summary: 'Redeliver a delivery', tags: ['webhook endpoints'], security: p.bearer('webhooks:write'),
        description: 'One new attempt of the delivery (from failed, delivered or skipped_paused): the same bytes, eventId and X-SVC-Delivery-Id; the attempt counter continues; '
          + 'no automatic retries after it. Sent also while the endpoint is paused (the notice says so). A deleted endpoint\'s delivery is not_found. Audited.',
        responses: { 202: p.response('Queued: the delivery, pending again.', 'WebhookRedelivery', p.rateLimited, EX.EXAMPLE_REDELIVERY), 409: conflict, ...p.errors('400', '401', '403', '404', '429') },
      },
    },
  };
}
