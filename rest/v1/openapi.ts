import { Type, type TSchema } from '@sinclair/typebox';
import { BatchCaseItemSchema, BatchCreateCasesRequestSchema, BatchCreateCasesResponseSchema, BatchItemErrorSchema, BatchItemResultSchema, MAX_BATCH_CASES, CASE_SEARCH_DESCRIPTION, CaseListSchema, CaseSourceSchema, CaseStatusSchema, CaseSummarySchema, CreateCaseRequestSchema, CreatedCaseSchema, CrmRecordIdRequestSchema, CrmRecordIdResponseSchema, CurrentDecisionSchema, DecisionListSchema, DecisionOutcomeSchema, DecisionReasonSchema, DecisionSchema, ExistingOpenCaseSchema, OnboardingStageSchema, PullFullParityOwnerSchema, RiskBandSchema, ScreeningSummarySchema } from '../../src/cases/index';
import { CaseDetailSchema, PullFullParitySchema } from '../../src/decisions/index';
import { DocumentConfidenceSchema, DocumentListSchema, DocumentSchema, DocumentStatusSchema, DocumentSummarySchema } from '../../src/documents/index';
import { EVENT_CATALOGUE, EventFeedItemSchema, EventListSchema, EventTypeSchema, examplePayload, openApiEventSchemas } from '../../src/events/index';
import { InviteStatusSchema } from '../../src/invites/index';
import { ACCESS_TOKEN_TTL_SECONDS, OAuthErrorBodySchema, RevokeRequestSchema, SCOPE_DESCRIPTIONS, ScopeSchema, TokenRequestSchema, TokenResponseSchema } from '../../src/oauth/index';
import { SCOPES } from '../../src/access/index';
import { CursorSchema, LimitSchema, SearchSchema } from '../../src/pagination/index';
import { ValidationDetailSchema, type Config, type JsonSchema } from '../../src/platform/index';
import {
  DispositionRequestSchema, DispositionSchema, HitSourceSchema, MatchExplanationSchema, ScreeningCandidateSchema, ScreeningHitListSchema, ScreeningHitSchema,
  ScreenNameRequestSchema, ScreenNameResultSchema,
} from '../../src/screening/index';
import {
  CreatedWebhookEndpointSchema, CreateWebhookEndpointRequestSchema, DeliveryStateSchema, EndpointStatusSchema, UpdateWebhookEndpointRequestSchema, WEBHOOK_USER_AGENT,
  WebhookAttemptSchema, WebhookDeliveryListSchema, WebhookDeliverySchema, WebhookEndpointListSchema, WebhookEndpointSchema, WebhookRedeliverySchema, WebhookTestResultSchema,
} from '../../src/webhooks/index';
import * as EX from './openapi-examples';
import { EXAMPLE_CASE_BODY, EXAMPLE_CREATED_CASE, EXAMPLE_DUPLICATE } from './openapi-examples';
import {
  TestClockAdvanceRequestSchema, TestClockSchema, TestDecideRequestSchema, TestMonitoringAlertRequestSchema, TestPartySchema, TestScreeningHitRequestSchema,
  TestSubmitRequestSchema, TestVerifyIdentityRequestSchema,
} from '../../src/test-helpers/index';
import { testHelperPaths } from './openapi-test-helpers';
import { webhookManagementPaths } from './openapi-webhooks';

/**
 * The OpenAPI 3.1 document of the service's HTTP surface: /v1 (pull API, case creation, the OAuth 2.0
 * endpoints), the crm-record-id route on APP_URL, the published event catalogue, and the webhooks the
 * service sends. It is not a description written beside the code: every schema is the domain's own wire
 * shape (src/<feature>/<feature>.wire.ts, the same objects request validation uses), query parameters are
 * validated against the parameter schemas below (openapi-validation.ts), and the tests validate every
 * response they receive against this document.
 */

export const ERROR_CODES_DOC = `Errors are always \`{error, message, ...}\` with Content-Type application/json: invalid_token (401, with
\`WWW-Authenticate: Bearer error="invalid_token"\`), insufficient_scope (403, WWW-Authenticate names the scope), not_found (404,
identical for another tenant's resource and a missing one), validation_failed (400, with details [{path, message}]),
payload_too_large (413, bodies are limited to 64 KiB), duplicate_open_case (409, with existing), idempotency_key_in_use (409),
idempotency_key_reused (422), rate_limited (429 with Retry-After), internal_error (500, never a stack trace),
service_unavailable (503 with Retry-After: a transient database fault; retrying with the same Idempotency-Key is safe).
The OAuth endpoints answer as RFC 6749 section 5.2 and RFC 7009 say: \`{error, error_description}\`.`;

// --- the error bodies of /v1 (this adapter's wire: decisions.md "Errors") ---
const ErrorSchema = Type.Object({
  error: Type.String({ description: 'Stable snake_case code.' }),
  message: Type.String({ description: 'A human sentence.' }),
  requestId: Type.Optional(Type.String({ description: 'On 5xx answers: the X-Request-Id of this request, which names its log lines.' })),
}, { additionalProperties: true });
const ValidationErrorSchema = Type.Object({
  error: Type.Literal('validation_failed'),
  message: Type.String({ description: 'A sentence: the first problem as `<path>: <what is wrong>`, or that the body is not JSON.' }),
  details: Type.Array(ValidationDetailSchema, { minItems: 1, description: 'Every problem found.' }),
});
const DuplicateOpenCaseErrorSchema = Type.Object({
  error: Type.Literal('duplicate_open_case'),
  message: Type.String(),
  existing: ExistingOpenCaseSchema,
});
const IdempotencyKeyInUseErrorSchema = Type.Object({ error: Type.Literal('idempotency_key_in_use'), message: Type.String() });
const UnsafeWebhookUrlErrorSchema = Type.Object({
  error: Type.Literal('unsafe_webhook_url'),
  message: Type.Literal('Webhook URL must not target a private or loopback address.'),
  details: Type.Array(ValidationDetailSchema, { minItems: 1 }),
});

/** Named schemas of the document; wherever one of them occurs inside another, the document says $ref. */
const COMPONENT_SCHEMAS: Record<string, TSchema> = {
  Error: ErrorSchema,
  ValidationError: ValidationErrorSchema,
  DuplicateOpenCaseError: DuplicateOpenCaseErrorSchema,
  IdempotencyKeyInUseError: IdempotencyKeyInUseErrorSchema,
  UnsafeWebhookUrlError: UnsafeWebhookUrlErrorSchema,
  OAuthError: OAuthErrorBodySchema,
  CaseStatus: CaseStatusSchema,
  CaseSource: CaseSourceSchema,
  OnboardingStage: OnboardingStageSchema,
  RiskBand: RiskBandSchema,
  DecisionOutcome: DecisionOutcomeSchema,
  DecisionReason: DecisionReasonSchema,
  DocumentStatus: DocumentStatusSchema,
  DocumentConfidence: DocumentConfidenceSchema,
  Disposition: DispositionSchema,
  HitSource: HitSourceSchema,
  EventType: EventTypeSchema,
  Scope: ScopeSchema,
  CaseSummary: CaseSummarySchema,
  CaseList: CaseListSchema,
  CaseDetail: CaseDetailSchema,
  CurrentDecision: CurrentDecisionSchema,
  InviteStatus: InviteStatusSchema,
  ScreeningSummary: ScreeningSummarySchema,
  PullFullParity: PullFullParitySchema,
  PullFullParityOwner: PullFullParityOwnerSchema,
  CreateCaseRequest: CreateCaseRequestSchema,
  CreatedCase: CreatedCaseSchema,
  BatchCaseItem: BatchCaseItemSchema,
  BatchCreateCasesRequest: BatchCreateCasesRequestSchema,
  BatchItemError: BatchItemErrorSchema,
  BatchItemResult: BatchItemResultSchema,
  BatchCreateCasesResponse: BatchCreateCasesResponseSchema,
  ExistingOpenCase: ExistingOpenCaseSchema,
  Decision: DecisionSchema,
  DecisionList: DecisionListSchema,
  ScreeningHit: ScreeningHitSchema,
  ScreeningHitList: ScreeningHitListSchema,
  DispositionRequest: DispositionRequestSchema,
  ScreeningMatchRequest: ScreenNameRequestSchema,
  ScreeningMatchResult: ScreenNameResultSchema,
  ScreeningCandidate: ScreeningCandidateSchema,
  MatchExplanation: MatchExplanationSchema,
  DocumentSummary: DocumentSummarySchema,
  Document: DocumentSchema,
  DocumentList: DocumentListSchema,
  EventFeedItem: EventFeedItemSchema,
  EventList: EventListSchema,
  CrmRecordIdRequest: CrmRecordIdRequestSchema,
  CrmRecordIdResponse: CrmRecordIdResponseSchema,
  TokenRequest: TokenRequestSchema,
  TokenResponse: TokenResponseSchema,
  RevokeRequest: RevokeRequestSchema,
  WebhookEndpointStatus: EndpointStatusSchema,
  WebhookDeliveryState: DeliveryStateSchema,
  WebhookEndpoint: WebhookEndpointSchema,
  WebhookEndpointList: WebhookEndpointListSchema,
  CreateWebhookEndpointRequest: CreateWebhookEndpointRequestSchema,
  CreatedWebhookEndpoint: CreatedWebhookEndpointSchema,
  UpdateWebhookEndpointRequest: UpdateWebhookEndpointRequestSchema,
  WebhookTestResult: WebhookTestResultSchema,
  WebhookAttempt: WebhookAttemptSchema,
  WebhookDelivery: WebhookDeliverySchema,
  WebhookDeliveryList: WebhookDeliveryListSchema,
  WebhookRedelivery: WebhookRedeliverySchema,
  TestParty: TestPartySchema,
  TestSubmitRequest: TestSubmitRequestSchema,
  TestVerifyIdentityRequest: TestVerifyIdentityRequestSchema,
  TestScreeningHitRequest: TestScreeningHitRequestSchema,
  TestDecideRequest: TestDecideRequestSchema,
  TestMonitoringAlertRequest: TestMonitoringAlertRequestSchema,
  TestClockAdvanceRequest: TestClockAdvanceRequestSchema,
  TestClock: TestClockSchema,
};

/**
 * The component schemas as plain JSON, each named schema nested in another replaced by its $ref (so the
 * document names CaseStatus once and every shape points at it). Matching is by content: the wire files
 * reuse the very same schema objects, and two components may not have the same content.
 */
export function componentSchemas(named: Record<string, TSchema> = COMPONENT_SCHEMAS): Record<string, JsonSchema> {
  const byContent = new Map<string, string>();
  for (const [name, schema] of Object.entries(named)) {
    const key = JSON.stringify(schema);
    const other = byContent.get(key);
    if (other) throw new Error(`OpenAPI components ${other} and ${name} are the same schema: name it once`);
    byContent.set(key, name);
  }
  const walk = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, false));
    if (!node || typeof node !== 'object') return node;
    if (!top) {
      const name = byContent.get(JSON.stringify(node));
      if (name) return { $ref: `#/components/schemas/${name}` };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'properties'
      ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, walk(s, false)]))
      : walk(v, false)]));
  };
  return Object.fromEntries(Object.entries(named).map(([name, schema]) => [name, walk(schema, true) as JsonSchema]));
}

/** A parameter's schema as plain JSON (TypeBox's symbols dropped), inline: query validation compiles it alone. */
const plain = (schema: TSchema): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

// --- headers ---
const HEADERS = {
  RateLimit: {
    description: 'draft-ietf-httpapi-ratelimit-headers: the requests left in the current window and the seconds until it resets, e.g. `"pull-api";r=119;t=60`.',
    required: true,
    schema: { type: 'string', pattern: '^"[a-z-]+";r=[0-9]+;t=[0-9]+$' },
  },
  'RateLimit-Policy': {
    description: 'The limit and its window: `"pull-api";q=120;w=60` on /v1 (per client), `"token";q=30;w=60` on the token endpoint (per client).',
    required: true,
    schema: { type: 'string', pattern: '^"[a-z-]+";q=[0-9]+;w=[0-9]+$' },
  },
  'Retry-After': { description: 'Seconds until the window resets (RFC 9110).', required: true, schema: { type: 'integer', minimum: 0 } },
  'Idempotent-Replay': {
    description: '`true`: this is the stored answer of an earlier request with the same Idempotency-Key and body (its status and body, replayed). ' +
      '`crm-record-id`: the tenant already had a case for this crmRecordId; that case is the answer.',
    schema: { type: 'string', enum: ['true', 'crm-record-id'] },
  },
  'WWW-Authenticate-Bearer': {
    description: 'RFC 6750: `Bearer error="invalid_token", error_description="…", resource_metadata="…"` (401) or `Bearer error="insufficient_scope", scope="<needed>"` (403).',
    required: true,
    schema: { type: 'string', pattern: '^Bearer ' },
  },
  'Cache-Control-No-Store': { description: 'Tenant data and tokens are never cached.', required: true, schema: { type: 'string', const: 'no-store' } },
};
const optional = (h: object) => ({ ...h, required: false });
/** Headers of every /v1 answer after the bearer check: the pull-API rate limit. */
const rateLimited = { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') };

// --- responses ---
const jsonContent = (schema: object) => ({ 'application/json': { schema } });
const withExample = (content: Record<string, { schema: object }>, example: unknown) =>
  Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { ...media, example }]));
/** A JSON response of a named schema with its headers (by default the pull API's rate-limit headers). */
const response = (description: string, schema: string, headers: Record<string, unknown> = rateLimited, example?: unknown) =>
  ({ description, headers, content: example === undefined ? jsonContent(ref(schema)) : withExample(jsonContent(ref(schema)), example) });
const noStore = { 'Cache-Control': header('Cache-Control-No-Store') };
const RESPONSES = {
  BadRequest: response('validation_failed: a parameter or the body is invalid (details name each problem); a malformed or foreign cursor; a path with an invalid percent escape.', 'ValidationError', rateLimited, EX.EXAMPLE_ERRORS.BadRequest),
  Unauthorized: response('invalid_token: missing, malformed, expired or revoked bearer token.', 'Error', { 'WWW-Authenticate': header('WWW-Authenticate-Bearer') }, EX.EXAMPLE_ERRORS.Unauthorized),
  Forbidden: response('insufficient_scope: the token lacks the scope this operation requires (named in `scope` and in WWW-Authenticate).', 'Error',
    { 'WWW-Authenticate': header('WWW-Authenticate-Bearer'), ...rateLimited }, EX.EXAMPLE_ERRORS.Forbidden),
  NotFound: response('not_found: no such resource in your tenant (identical for another tenant\'s resource).', 'Error', rateLimited, EX.EXAMPLE_ERRORS.NotFound),
  PayloadTooLarge: response('payload_too_large: the body exceeds 64 KiB.', 'Error', rateLimited, EX.EXAMPLE_ERRORS.PayloadTooLarge),
  RateLimited: response('rate_limited: 120 requests per minute per client.', 'Error', { 'Retry-After': header('Retry-After'), ...rateLimited }, EX.EXAMPLE_ERRORS.RateLimited),
  InternalError: response('internal_error: logged with the request id (X-Request-Id); never a stack trace.', 'Error', {
    RateLimit: optional(HEADERS.RateLimit), 'RateLimit-Policy': optional(HEADERS['RateLimit-Policy']),
  }, EX.EXAMPLE_ERRORS.InternalError),
  ServiceUnavailable: response(
    'service_unavailable: a transient fault (the database connection was lost). Retry after Retry-After seconds; '
      + 'a POST retried with the same Idempotency-Key takes effect at most once, even when the first try\'s outcome was unknown.',
    'Error', { 'Retry-After': header('Retry-After'), RateLimit: optional(HEADERS.RateLimit), 'RateLimit-Policy': optional(HEADERS['RateLimit-Policy']) },
    EX.EXAMPLE_ERRORS.ServiceUnavailable,
  ),
  OAuthBadRequest: response(
    'invalid_request, invalid_grant, unsupported_grant_type, invalid_scope, unauthorized_client or unsupported_token_type (RFC 6749 section 5.2, RFC 7009).',
    'OAuthError', noStore, EX.EXAMPLE_ERRORS.OAuthBadRequest),
  OAuthUnauthorized: response('invalid_client: unknown client, wrong secret, or a revoked client. With HTTP Basic, `WWW-Authenticate: Basic realm="oauth"`.', 'OAuthError', {
    ...noStore, 'WWW-Authenticate': { description: '`Basic realm="oauth", charset="UTF-8"` when Basic was used.', schema: { type: 'string' } },
  }, EX.EXAMPLE_ERRORS.OAuthUnauthorized),
  OAuthServerError: response('server_error: logged with the request id; never a detail.', 'OAuthError', noStore, EX.EXAMPLE_ERRORS.OAuthServerError),
};

// --- parameters ---
const PARAMETERS = {
  // The paging rules of every door (src/pagination/limits.ts); a value they refuse is a 400.
  limit: { name: 'limit', in: 'query', required: false, description: LimitSchema.description, schema: plain(LimitSchema) },
  cursor: { name: 'cursor', in: 'query', required: false, description: CursorSchema.description, schema: plain(CursorSchema) },
  caseId: {
    name: 'caseId', in: 'path', required: true, description: 'UUID or CS-<year>-<00000>.', schema: { type: 'string' },
  },
  ...webhookHeaderParameters(),
};

function webhookHeaderParameters() {
  const h = (name: string, description: string, schema: object, required = true) => ({ [name]: { name, in: 'header', required, description, schema } });
  return {
    ...h('X-SVC-Signature', '`sha256=<hex>`: HMAC-SHA256 of the raw body bytes with the endpoint\'s secret. Verify it in constant time over the exact bytes received.',
      { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' }),
    ...h('X-SVC-Event', 'The event type, as the body\'s `event`.', ref('EventType')),
    ...h('X-SVC-Event-Id', 'UUID, the body\'s `eventId`: stable across retries and manual redelivery. Deduplicate on it and answer duplicates 200.', { type: 'string', format: 'uuid' }),
    ...h('X-SVC-Event-Version', 'The contract version, currently 1.', { type: 'integer', const: 1 }),
    ...h('X-SVC-Timestamp', 'Emission time, the body\'s `timestamp` (covered by the signature). Reject it when more than 5 minutes from now.', { type: 'string', format: 'date-time' }),
    ...h('X-SVC-Delivery-Id', 'The delivery row id, stable across retries and redelivery (absent on endpoint tests).', { type: 'integer' }, false),
    ...h('X-SVC-Attempt', '1-indexed attempt number; manual redeliveries continue the count.', { type: 'integer', minimum: 1 }),
    ...h('User-Agent', `\`${WEBHOOK_USER_AGENT}\``, { type: 'string', const: WEBHOOK_USER_AGENT }),
  };
}

const bearer = (scope: string) => [{ oauth2: [scope] }];
type ErrorStatus = '400' | '401' | '403' | '404' | '413' | '429';
const errors = (...codes: ErrorStatus[]) => {
  const names = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 413: 'PayloadTooLarge', 429: 'RateLimited' } as const;
  return Object.fromEntries([...codes.map((c) => [c, { $ref: `#/components/responses/${names[c]}` }]), ['500', { $ref: '#/components/responses/InternalError' }],
    ['503', { $ref: '#/components/responses/ServiceUnavailable' }]]);
};
const ok = (schema: string, description: string, example: unknown) => response(description, schema, rateLimited, example);
const pageParams = [{ $ref: '#/components/parameters/limit' }, { $ref: '#/components/parameters/cursor' }];
const replayed = { 'Idempotent-Replay': header('Idempotent-Replay') };
const oauthBody = (schema: string, example: unknown) => ({
  required: true,
  content: withExample({ 'application/x-www-form-urlencoded': { schema: ref(schema) }, 'application/json': { schema: ref(schema) } }, example),
});
// --- examples: openapi-examples.ts ---

const publicDocument = (operationId: string, summary: string, description: string, example: unknown, schema: object = { type: 'object' }, mediaType = 'application/json') => ({
  get: {
    operationId, summary, description, tags: ['catalogue'], security: [],
    responses: {
      200: { description: 'With a strong ETag (SHA-256 of the body); If-None-Match answers 304.', content: { [mediaType]: { schema, example } } },
      304: { description: 'Not modified.' },
      404: { description: 'not_found: no such document.', content: withExample(jsonContent(ref('Error')), { error: 'not_found', message: 'No such document.' }) },
      500: { $ref: '#/components/responses/InternalError' },
    },
  },
});

/** A path item with more responses on its GET (a path parameter that can be malformed adds 400). */
const withResponses = (item: ReturnType<typeof publicDocument>, more: Record<string, unknown>) =>
  ({ get: { ...item.get, responses: { ...item.get.responses, ...more } } });

export function buildOpenApi(config: Config): Record<string, unknown> {
  const base = config.baseUrl;
  const scopes = Object.fromEntries(SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]]));
  const events = openApiEventSchemas(undefined, Object.keys(COMPONENT_SCHEMAS));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Compliance onboarding service: pull API, case creation, OAuth 2.0 and webhooks',
      version: '1.0.0',
      description: [
        'Read-only pull API under /v1 and the case-creation endpoint. Every response is scoped to the tenant of the access token.',
        'Lists return `{data, nextCursor, hasMore}` and page by opaque keyset cursors (never offsets). Unknown query parameters are ignored; unknown body fields are a 400.',
        'Every /v1 answer after the bearer check carries `RateLimit-Policy` and `RateLimit` (120 requests per minute per client); a 429 adds `Retry-After`.',
        'Test mode: test credentials (a `client_id` beginning `test_`, minted in the console while its "Test data" switch is on, or with `svc client:create --test`) '
          + 'work on the tenant\'s test data only: the cases they create are test cases, the webhook endpoints they register receive test events only, '
          + 'and no email about a test case leaves the service. Test and live data never see each other: a case of the other mode answers 404 as a missing one does, '
          + 'lists and the event feed leave it out, and the dedup rules (Idempotency-Key, crmRecordId, open case) apply within a mode.',
        'The `webhooks` section lists every event the service POSTs to a tenant\'s endpoints; each body schema is a component here with the same meaning as the published JSON Schema of that event (/schemas/webhooks/<type>.v1.json). The document is self-contained: every reference is local.',
        ERROR_CODES_DOC,
      ].join('\n\n'),
    },
    servers: [{ url: base }],
    security: [{ oauth2: [] }],
    tags: [
      { name: 'cases', description: 'Creating cases (one or a batch of up to 500) and reading them with their decisions and evidence.' },
      { name: 'screening', description: 'Screening hits of a case, their dispositions, and ad-hoc name screening.' },
      { name: 'documents', description: 'Documents the customers uploaded, with what extraction read from them.' },
      { name: 'events', description: 'The event feed: every webhook payload, in commit order, to poll with a cursor.' }, { name: 'oauth', description: 'OAuth 2.0 (RFC 6749, 7009, 7636).' },
      { name: 'catalogue', description: 'The webhook event catalogue: JSON Schemas and TypeScript types.' },
      { name: 'webhooks', description: 'What the service POSTs to a tenant\'s endpoints.' },
      { name: 'webhook endpoints', description: 'Managing the tenant\'s webhook endpoints and their delivery log (scopes webhooks:read and webhooks:write).' },
      { name: 'test helpers', description: 'Test mode: moving a test case along as the customer, the verifier, the watchlist, an analyst and monitoring would, and the tenant\'s test clock (test credentials, scope test_helpers).' }, { name: 'meta', description: 'This document.' },
    ],
    paths: {
      '/v1/oauth/token': {
        post: {
          operationId: 'issueToken', summary: 'Issue an access token', tags: ['oauth'],
          description: [
            'Grants: `client_credentials` (a tenant\'s pull-API credentials), `authorization_code` (a connector, with PKCE S256) and `refresh_token` (rotated on every use).',
            `Access tokens are ES256 JWTs valid for ${ACCESS_TOKEN_TTL_SECONDS} seconds. Client authentication: HTTP Basic or client_id and client_secret in the body; a public connector sends client_id alone.`,
            '30 requests per minute per authenticated client (RateLimit headers; 429 with Retry-After).',
          ].join(' '),
          security: [{ clientBasic: [] }, {}],
          requestBody: oauthBody('TokenRequest', EX.EXAMPLE_TOKEN_REQUEST),
          responses: {
            200: response('The token response (contract "Token response"); refresh_token on the code and refresh grants.', 'TokenResponse', { ...noStore, ...rateLimited }, EX.EXAMPLE_TOKEN_RESPONSE),
            400: { $ref: '#/components/responses/OAuthBadRequest' },
            401: { $ref: '#/components/responses/OAuthUnauthorized' },
            429: response('rate_limited: 30 token requests per minute per client.', 'OAuthError', { 'Retry-After': header('Retry-After'), ...rateLimited, ...noStore },
              { error: 'rate_limited', error_description: 'Too many token requests: 30 per minute per client. Retry after 41 seconds.' }),
            500: { $ref: '#/components/responses/OAuthServerError' },
          },
        },
      },
      '/v1/oauth/authorize': {
        get: {
          operationId: 'authorize', summary: 'Authorization-code flow: sign in and consent (browser)', tags: ['oauth'], security: [],
          description: 'The browser step of the connector flow. An unknown client or an unregistered redirect_uri (exact string match) gets an error page and is never redirected. ' +
            'Otherwise the member signs in (or is signed in), sees the consent screen listing the requested scopes, and Allow redirects with `code`, `state` and `iss` (Deny with `error=access_denied`). ' +
            'A wrong response_type, a missing or non-S256 PKCE challenge, or an unknown scope redirects back with the error (RFC 6749 section 4.1.2.1).',
          parameters: [
            { name: 'response_type', in: 'query', required: true, schema: { type: 'string', const: 'code' } },
            { name: 'client_id', in: 'query', required: true, description: 'A connector registered by the operator.', schema: { type: 'string' } },
            { name: 'redirect_uri', in: 'query', required: true, description: 'One of the connector\'s registered redirect URIs, exactly.', schema: { type: 'string', format: 'uri' } },
            { name: 'scope', in: 'query', required: false, description: 'Space-separated; default: the read scopes (no full-parity egress).', schema: { type: 'string' } },
            { name: 'state', in: 'query', required: false, description: 'Returned unchanged on the redirect.', schema: { type: 'string' } },
            { name: 'code_challenge', in: 'query', required: true, description: 'BASE64URL(SHA-256(code_verifier)), 43 characters (RFC 7636).', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
            { name: 'code_challenge_method', in: 'query', required: true, schema: { type: 'string', const: 'S256' } },
          ],
          responses: {
            200: { description: 'The sign-in page or, once signed in, the consent screen.', content: { 'text/html': { schema: { type: 'string' }, example: '<!doctype html><html lang="en"><head><title>Allow Acme CRM connector?</title></head><body><form method="post">…</form></body></html>' } } },
            302: {
              description: 'Back to the client: `code`, `state`, `iss` on success; `error`, `error_description`, `state`, `iss` on a protocol error.',
              headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } },
            },
            400: {
              description: 'An error page: unknown client or unregistered redirect_uri (never redirected).',
              content: { 'text/html': { schema: { type: 'string' }, example: '<!doctype html><html lang="en"><head><title>Cannot connect this app</title></head><body><h1>Cannot connect this app</h1><p>This app is not registered for that address.</p></body></html>' } },
            },
            500: {
              description: 'An error page; never a detail.',
              content: { 'text/html': { schema: { type: 'string' }, example: '<!doctype html><html lang="en"><head><title>Something went wrong</title></head><body><h1>Something went wrong</h1><p>Try again in a moment.</p></body></html>' } },
            },
          },
        },
      },
      '/v1/oauth/revoke': {
        post: {
          operationId: 'revokeToken', summary: 'Revoke an access or refresh token (RFC 7009)', tags: ['oauth'],
          description: 'Same client authentication as the token endpoint. Revoking a refresh token ends its connected app\'s access tokens too. An unknown, expired or foreign token also answers 200.',
          security: [{ clientBasic: [] }, {}],
          requestBody: oauthBody('RevokeRequest', EX.EXAMPLE_REVOKE_REQUEST),
          responses: {
            200: { description: 'Revoked (or nothing to revoke). Empty body.', headers: noStore },
            400: { $ref: '#/components/responses/OAuthBadRequest' },
            401: { $ref: '#/components/responses/OAuthUnauthorized' },
            500: { $ref: '#/components/responses/OAuthServerError' },
          },
        },
      },
      '/v1/oauth/jwks.json': {
        get: {
          operationId: 'jwks', summary: 'Keys that verify access tokens', tags: ['oauth'], security: [],
          description: 'The public ES256 keys that sign access tokens and evidence-pack manifests; cache it and refetch on an unknown `kid`. Public, never an error of its own.',
          responses: {
            200: { description: 'A JWK Set (RFC 7517).', content: { 'application/jwk-set+json': { schema: { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: { type: 'object' } } } }, example: EX.EXAMPLE_JWKS } } },
            500: { $ref: '#/components/responses/InternalError' },
          },
        },
      },
      '/.well-known/oauth-authorization-server': {
        get: {
          operationId: 'authorizationServerMetadata', summary: 'Authorization-server metadata (RFC 8414)', tags: ['oauth'], security: [],
          description: 'Where the token, authorization, revocation and JWKS endpoints are, and which grants, scopes and PKCE methods they take. Public.',
          responses: {
            200: { description: 'Endpoints, grants, scopes and PKCE methods.', content: withExample(jsonContent({
              type: 'object', required: ['issuer', 'token_endpoint'],
              properties: {
                issuer: { type: 'string' }, authorization_endpoint: { type: 'string', format: 'uri' }, token_endpoint: { type: 'string', format: 'uri' },
                revocation_endpoint: { type: 'string', format: 'uri' }, jwks_uri: { type: 'string', format: 'uri' },
                grant_types_supported: { type: 'array', items: { type: 'string' } }, code_challenge_methods_supported: { type: 'array', items: { type: 'string' } },
              },
            }), EX.exampleAuthorizationServer(base)) },
            500: { $ref: '#/components/responses/InternalError' },
          },
        },
      },
      '/.well-known/oauth-protected-resource/v1': {
        get: {
          operationId: 'protectedResourceMetadata', summary: 'Protected-resource metadata of /v1 (RFC 9728)', tags: ['oauth'], security: [],
          description: 'Names /v1 as a resource, its authorization server and the scopes it understands; the 401s of /v1 point at it (resource_metadata). Public.',
          responses: {
            200: { description: 'The resource, its authorization server and scopes (also at /.well-known/oauth-protected-resource).', content: withExample(jsonContent({
              type: 'object', required: ['resource'],
              properties: {
                resource: { type: 'string', format: 'uri' }, authorization_servers: { type: 'array', items: { type: 'string', format: 'uri' } },
                scopes_supported: { type: 'array', items: { type: 'string' } }, bearer_methods_supported: { type: 'array', items: { type: 'string' } },
              },
            }), EX.exampleProtectedResource(base)) },
            500: { $ref: '#/components/responses/InternalError' },
          },
        },
      },
      '/v1/cases': {
        get: {
          operationId: 'listCases', summary: 'List cases', tags: ['cases'], security: bearer('read:cases'),
          description: 'Newest first by creation (an internal, immutable key): paging while cases are created or updated never skips nor repeats a case that did not change.',
          parameters: [
            ...pageParams,
            {
              name: 'status', in: 'query', required: false, style: 'form', explode: false,
              description: 'One status or a comma-separated list (`status=in_review,approved`).',
              schema: plain(Type.Array(CaseStatusSchema, { minItems: 1 })),
            },
            { name: 'updatedSince', in: 'query', required: false, description: 'ISO 8601 date-time with Z or an offset; cases updated at or after it.', schema: { type: 'string', format: 'date-time' } },
            { name: 'search', in: 'query', required: false, description: CASE_SEARCH_DESCRIPTION, schema: plain(SearchSchema(CASE_SEARCH_DESCRIPTION)) },
            {
              name: 'q', in: 'query', required: false,
              description: `The same search as \`search\`, under its short name (additive; \`search\` keeps working). Given with \`search\`, both must say the same (else 400). ${CASE_SEARCH_DESCRIPTION}`,
              schema: plain(SearchSchema(CASE_SEARCH_DESCRIPTION)),
            },
          ],
          responses: { 200: ok('CaseList', 'A page of cases.', EX.EXAMPLE_CASE_LIST), ...errors('400', '401', '403', '429') },
        },
        post: {
          operationId: 'createCase', summary: 'Create a case and invite the customer', tags: ['cases'], security: bearer('cases:write'),
          description: [
            'Dedup layers, in this order, each per tenant and safe under concurrent requests:',
            '1. `Idempotency-Key` (case-sensitive, as Stripe\'s: `abcDEF` and `ABCdef` are two keys; kept 24 h): the same key with the same body replays the original status and body with `Idempotent-Replay: true` (201, 200 or 409 alike); with another body 422 idempotency_key_reused; while the first request is still running 409 idempotency_key_in_use.',
            '2. `crmRecordId` (case-sensitive): an existing case of the tenant with it is answered 200 with `Idempotent-Replay: crm-record-id`. Bypass with allowDuplicateCrmRecord.',
            '3. An open case (any status but approved and declined) for customerEmail, compared by its normalized key (Unicode NFKC, case-folded, default-ignorable code points removed: `ＤＥＤＵＰ@x.test` is `dedup@x.test`, `dédup@` is not `dedup@`, addresses in every script are valid and distinct by their letters): 409 duplicate_open_case with `existing`. Bypass with allowDuplicate; the override is written to the tenant configuration audit log.',
            'Otherwise 201: the case (UUID id, source `api`, status `in-progress`), case.created recorded in the same transaction, and, unless sendInvite is false, the tenant-branded magic-link invite emailed by a job after commit (retried; its state is on GET /v1/cases/{caseId} as `invite`). Once the mail system accepts the email, the case moves from onboardingStage `created` to `invite_sent` and case.onboarding_progress.changed is recorded, in one transaction.',
          ].join('\n'),
          parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, description: '1 to 255 visible ASCII characters, compared case-sensitively.', schema: { type: 'string', minLength: 1, maxLength: 255 } }],
          requestBody: { required: true, content: withExample(jsonContent(ref('CreateCaseRequest')), EXAMPLE_CASE_BODY) },
          responses: {
            201: { ...response('Created (or the replay of a request that created it: Idempotent-Replay true).', 'CreatedCase', { ...rateLimited, ...replayed }), content: withExample(jsonContent(ref('CreatedCase')), EXAMPLE_CREATED_CASE) },
            200: response(
              'An existing case of this crmRecordId (Idempotent-Replay: crm-record-id), or a replay of an Idempotency-Key whose first answer was 200 (Idempotent-Replay: true).',
              'CreatedCase', { ...rateLimited, 'Idempotent-Replay': { ...HEADERS['Idempotent-Replay'], required: true } }, EX.EXAMPLE_EXISTING_CASE,
            ),
            409: {
              description: 'duplicate_open_case (with `existing`; Idempotent-Replay true when replayed), or idempotency_key_in_use.',
              headers: { ...rateLimited, ...replayed },
              content: withExample(jsonContent({ oneOf: [ref('DuplicateOpenCaseError'), ref('IdempotencyKeyInUseError')] }), EXAMPLE_DUPLICATE),
            },
            422: response('idempotency_key_reused: the Idempotency-Key was used with another body.', 'Error', rateLimited,
              { error: 'idempotency_key_reused', message: 'This Idempotency-Key was already used with a different request body.' }),
            ...errors('400', '401', '403', '413', '429'),
          },
        },
      },
      '/v1/cases/batch': {
        post: {
          operationId: 'createCasesBatch', summary: `Create up to ${MAX_BATCH_CASES} cases in one call`, tags: ['cases'], security: bearer('cases:write'),
          description: [
            `\`cases\` holds 1 to ${MAX_BATCH_CASES} bodies of POST /v1/cases, each with an optional \`idempotencyKey\` of its own (the Idempotency-Key header of a single creation: the same key space, case-sensitive, kept 24 h).`,
            'Items run in order with the dedup layers of POST /v1/cases (an item with an idempotencyKey in a transaction of its own; consecutive items without one up to 100 to a transaction, each seeing the cases of the items before it), and each sends its invite as POST /v1/cases does (unless sendInvite is false). The answer has one result per item, in order:',
            '`created` (with `case`), `replayed` (`case`; `replay` says whether an idempotencyKey replayed or the tenant already had a case for the crmRecordId), `duplicate_open_case` (`error.existing`), `invalid` (`error`: validation_failed with details under `/cases/<index>/…`, idempotency_key_reused when the key was used with another body, idempotency_key_in_use). Nothing is written for an invalid item; the others still run.',
            `The batch as a whole is refused only when the envelope is malformed or holds more than ${MAX_BATCH_CASES} items (400), or the body exceeds 1 MiB (413). A transient fault (503) stops the batch after the items already committed: retry it with per-item keys and those are replayed.`,
          ].join('\n\n'),
          requestBody: {
            required: true,
            content: withExample(jsonContent(ref('BatchCreateCasesRequest')), {
              cases: [
                { ...EXAMPLE_CASE_BODY, idempotencyKey: 'opp-00042-v1' },
                { customerEmail: 'finance@globex.example', companyName: 'Globex Ltd', crmRecordId: 'opp-00007' },
                { customerEmail: 'owner@existing.example', companyName: 'Existing Ltd' },
              ],
            }),
          },
          responses: {
            200: {
              ...response('One result per item, in order (also when some items are invalid).', 'BatchCreateCasesResponse'),
              content: withExample(jsonContent(ref('BatchCreateCasesResponse')), {
                data: [
                  { index: 0, status: 'created', case: EXAMPLE_CREATED_CASE },
                  { index: 1, status: 'replayed', replay: 'crm_record_id', case: { ...EXAMPLE_CREATED_CASE, caseId: 'CS-2026-00009', customerEmail: 'finance@globex.example', customerName: null, companyName: 'Globex Ltd', crmRecordId: 'opp-00007', source: 'manual', status: 'in_review', customerPortalUrl: 'https://app.example.com/portal', analystUrl: 'https://app.example.com/cases?case=CS-2026-00009' } },
                  { index: 2, status: 'duplicate_open_case', error: EXAMPLE_DUPLICATE },
                ],
                counts: { created: 1, replayed: 1, duplicate_open_case: 1, invalid: 0 },
              }),
            },
            413: response('payload_too_large: the batch body exceeds 1 MiB.', 'Error', rateLimited, EX.EXAMPLE_ERRORS.PayloadTooLarge),
            ...errors('400', '401', '403', '429'),
          },
        },
      },
      '/v1/cases/{caseId}': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        get: {
          operationId: 'getCase', summary: 'One case with its current decision and risk band', tags: ['cases'], security: bearer('read:cases'),
          description: 'Adds `fullParity` when the tenant has full-parity egress enabled and the token has read:full_case.',
          responses: { 200: ok('CaseDetail', 'The case.', EX.EXAMPLE_CASE_DETAIL), ...errors('400', '401', '403', '404', '429') },
        },
      },
      '/v1/cases/{caseId}/decisions': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        get: {
          operationId: 'listCaseDecisions', summary: 'Decision history of a case', tags: ['cases'], security: bearer('read:decisions'),
          description: 'Every decision on the case, newest first, each with its outcome, reasons and who decided (an override names the decision it replaced).',
          parameters: pageParams, responses: { 200: ok('DecisionList', 'Newest first.', EX.EXAMPLE_DECISION_LIST), ...errors('400', '401', '403', '404', '429') },
        },
      },
      '/v1/cases/{caseId}/evidence': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        get: {
          operationId: 'getCaseEvidence', summary: 'The signed evidence pack of a case (ZIP)', tags: ['cases'], security: bearer('read:evidence'),
          description: 'A ZIP, streamed: report.pdf (a readable case report), case.json (the case file, every decision with its provenance, screening, risk, '
            + 'AI review, documents with digests, and what was purged and when on a purged case), the documents\' bytes (documents/<id>-<name>), '
            + 'events.jsonl (the case\'s feed items exactly as GET /v1/events serves them), audit.jsonl, manifest.json (every file with its SHA-256 and size; '
            + 'documents not held are listed under `absent`) and manifest.json.jws (a detached JWS, ES256, over manifest.json\'s exact bytes, verifiable '
            + 'against /v1/oauth/jwks.json). Each download is on the audit log (case.evidence_pack.exported). read:evidence is opt-in and needs a compliance admin.',
          responses: {
            200: { description: 'The evidence pack (a binary ZIP: report.pdf, case.json, documents/…, events.jsonl, audit.jsonl, manifest.json, manifest.json.jws).', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
            ...errors('400', '401', '403', '404', '429'),
          },
        },
      },
      '/v1/cases/{caseId}/screening': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        get: {
          operationId: 'listScreeningHits', summary: 'Screening history of a case', tags: ['screening'], security: bearer('read:screening'),
          description: 'Every screening hit of the case, newest first, with its source, score and disposition (pending until an analyst or POST …/screening/disposition decides).',
          parameters: pageParams, responses: { 200: ok('ScreeningHitList', 'Newest first.', EX.EXAMPLE_SCREENING_HIT_LIST), ...errors('400', '401', '403', '404', '429') },
        },
      },
      '/v1/cases/{caseId}/screening/disposition': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        post: {
          operationId: 'dispositionScreeningHit', summary: 'Record a disposition on a screening hit', tags: ['screening'], security: bearer('screening:write'),
          description: 'The API client is the actor (dispositionBy `api_client:<clientId>`); the case\'s screening summary is recomputed (false positives stop counting). An unknown hitId is a 404.',
          requestBody: { required: true, content: withExample(jsonContent(ref('DispositionRequest')), EX.EXAMPLE_DISPOSITION_REQUEST) },
          responses: { 200: ok('ScreeningHit', 'The updated hit.', EX.EXAMPLE_SCREENING_HIT), ...errors('400', '401', '403', '404', '413', '429') },
        },
      },
      '/v1/screening/match': {
        post: {
          operationId: 'screenName', summary: 'Screen one name against the watchlist', tags: ['screening'], security: bearer('screening:search'),
          description: 'An ad-hoc search (nothing is recorded on any case): the best candidates, best first, with their score, whether each reaches the match threshold (`match`), and why it matched (`explanation`: the listed name, the word pairs and how each matched, what the date of birth and nationality did). Near misses under the threshold are included with `match: false`. Rate-limited like every /v1 call.',
          requestBody: { required: true, content: withExample(jsonContent(ref('ScreeningMatchRequest')), EX.EXAMPLE_SCREEN_NAME_REQUEST) },
          responses: { 200: ok('ScreeningMatchResult', 'The candidates.', EX.EXAMPLE_SCREEN_NAME_RESULT), ...errors('400', '401', '403', '413', '429') },
        },
      },
      '/v1/documents': {
        get: {
          operationId: 'listDocuments', summary: 'Documents across the tenant', tags: ['documents'], security: bearer('read:documents'),
          description: 'The tenant\'s documents, newest first by id, optionally of one case or one processing status. The bytes are not here: they are in the evidence pack.',
          parameters: [
            ...pageParams,
            { name: 'caseId', in: 'query', required: false, description: 'Only this case\'s documents (an unknown case gives an empty list).', schema: { type: 'string', maxLength: 64 } },
            { name: 'status', in: 'query', required: false, schema: plain(DocumentStatusSchema) },
          ],
          responses: { 200: ok('DocumentList', 'Newest first by id.', EX.EXAMPLE_DOCUMENT_LIST), ...errors('400', '401', '403', '429') },
        },
      },
      '/v1/documents/{id}': {
        get: {
          operationId: 'getDocument', summary: 'One document with extractedData', tags: ['documents'], security: bearer('read:documents'),
          description: 'One document with what extraction read from it (extractedData, with a confidence), once processed.',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { 200: ok('Document', 'The document.', EX.EXAMPLE_DOCUMENT), ...errors('400', '401', '403', '404', '429') },
        },
      },
      '/v1/events': {
        get: {
          operationId: 'listEvents', summary: 'The event feed', tags: ['events'], security: bearer('read:events'),
          description: 'Oldest first, in the order events were committed; `data` is byte for byte the webhook payload of that eventId (its schema: the `webhooks` entry of eventType). nextCursor is always returned: poll with it.',
          parameters: [...pageParams, { name: 'event_type', in: 'query', required: false, description: 'One event type.', schema: plain(EventTypeSchema) }],
          responses: { 200: ok('EventList', 'A page of events.', EX.exampleEventList(examplePayload('case.created'))), ...errors('400', '401', '403', '429') },
        },
      },
      ...webhookManagementPaths({ ref, header, response, errors, bearer, rateLimited, pageParams, jsonContent, withExample }),
      ...testHelperPaths({ ref, header, response, errors, bearer, rateLimited, pageParams, jsonContent, withExample }),
      '/v1/openapi.json': {
        get: {
          operationId: 'openapi', summary: 'This document', tags: ['meta'], security: [], description: 'This OpenAPI 3.1 document, self-contained (every reference is local). Rendered for reading at /docs.',
          responses: {
            200: { description: 'OpenAPI 3.1', content: withExample(jsonContent({ type: 'object' }), { openapi: '3.1.0', info: { title: 'Compliance onboarding service: pull API, case creation, OAuth 2.0 and webhooks', version: '1.0.0' }, paths: {} }) },
            500: { $ref: '#/components/responses/InternalError' },
          },
        },
      },
      '/api/cases/{caseId}/crm-record-id': {
        servers: [{ url: config.appUrl, description: 'APP_URL' }],
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        post: {
          operationId: 'setCrmRecordId', summary: 'Store the CRM record id of a case', tags: ['cases'], security: bearer('cases:write'),
          description: 'Every later event of the case carries it as crmRecordId (null before).',
          requestBody: { required: true, content: withExample(jsonContent(ref('CrmRecordIdRequest')), EX.EXAMPLE_CRM_RECORD_ID_REQUEST) },
          responses: { 200: ok('CrmRecordIdResponse', 'Stored.', EX.EXAMPLE_CRM_RECORD_ID_RESPONSE), ...errors('400', '401', '403', '404', '413', '429') },
        },
      },
      '/schemas/webhooks/index.json': publicDocument('getEventSchemaIndex', 'Index of the event schemas', 'One entry per event type (schemaUrl, description, typeName), the shared parts, and the types manifest.', EX.exampleSchemaIndex(base)),
      '/schemas/webhooks/{eventType}.v1.json': {
        parameters: [{ name: 'eventType', in: 'path', required: true, schema: ref('EventType') }],
        ...withResponses(
          publicDocument('getEventSchema', 'The JSON Schema (Draft 2020-12) of one event\'s payload', 'Self-contained: the shared parts it references are embedded under `$defs`.', EX.EXAMPLE_EVENT_SCHEMA, { type: 'object' }, 'application/schema+json'),
          { 400: { $ref: '#/components/responses/BadRequest' } },
        ),
      },
      '/types/index.json': publicDocument('getTypesIndex', 'Manifest of the generated TypeScript types', 'The .d.ts file generated from the schemas, with its SHA-256 and exports.', EX.exampleTypesIndex(base)),
    },
    webhooks: webhooks(events.byEventType),
    components: {
      schemas: { ...componentSchemas(), ...events.components },
      responses: RESPONSES,
      parameters: PARAMETERS,
      headers: HEADERS,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: `Bearer access tokens (ES256 JWTs, ${ACCESS_TOKEN_TTL_SECONDS} s) from POST /v1/oauth/token. Each operation names the scope it needs.`,
          flows: {
            clientCredentials: { tokenUrl: `${base}/v1/oauth/token`, scopes },
            authorizationCode: { authorizationUrl: `${base}/v1/oauth/authorize`, tokenUrl: `${base}/v1/oauth/token`, refreshUrl: `${base}/v1/oauth/token`, scopes },
          },
        },
        clientBasic: {
          type: 'http', scheme: 'basic',
          description: 'OAuth client authentication at the token and revocation endpoints: client_id and client_secret, each form-urlencoded (RFC 6749 section 2.3.1). The alternative is to send them in the body.',
        },
      },
    },
  };
}

/**
 * The webhooks the service sends: one per event type, its body the event's component (the schema of
 * GET /schemas/webhooks/<type>.v1.json, from the source of truth in schemas/webhooks/, with local refs),
 * its headers those of the receiver contract.
 */
function webhooks(componentOf: Record<string, string>): Record<string, unknown> {
  const headers = ['X-SVC-Signature', 'X-SVC-Event', 'X-SVC-Event-Id', 'X-SVC-Event-Version', 'X-SVC-Timestamp', 'X-SVC-Delivery-Id', 'X-SVC-Attempt', 'User-Agent']
    .map((name) => ({ $ref: `#/components/parameters/${name}` }));
  return Object.fromEntries(EVENT_CATALOGUE.map((e) => [e.type, {
    post: {
      operationId: `webhook:${e.type}`,
      summary: e.type,
      description: `${e.description} The same payload is the \`data\` of its /v1/events item.`,
      tags: ['webhooks'],
      security: [],
      parameters: headers,
      requestBody: { required: true, content: withExample(jsonContent(ref(componentOf[e.type]!)) as Record<string, { schema: object }>, examplePayload(e.type)) },
      responses: {
        '2XX': { description: 'Received. Answer within 10 seconds; anything else (any 4xx or 5xx, a timeout, a network error) is retried after 1 s, 5 s, 30 s, 5 min and 30 min.' },
      },
    },
  }]));
}
