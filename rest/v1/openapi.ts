import {
  CASE_STATUSES, CREATE_CASE_BODY_SCHEMA, DISPOSITION_BODY_SCHEMA, DISPOSITIONS, DOCUMENT_STATUSES, SCOPES, SET_CRM_RECORD_ID_BODY_SCHEMA,
  type Config, type JsonSchema,
} from '../../src/index';

/**
 * The OpenAPI 3.1 document of /v1 (and the crm-record-id route on APP_URL). It is not a description
 * written beside the code: request bodies are the domain's own JSON Schemas, query parameters are
 * validated against the parameter schemas below (openapi-validation.ts), and the tests validate
 * every response they receive against this document.
 */
const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const ndateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object', required: Object.keys(properties), properties, ...extra,
});
const listOf = (item: string, description: string): JsonSchema => obj({
  data: { type: 'array', items: ref(item), description: 'At most `limit` rows.' },
  nextCursor: { type: ['string', 'null'], description: 'Opaque. Pass it back verbatim as `cursor` with the same filters. Null when hasMore is false.' },
  hasMore: { type: 'boolean' },
}, { description });

const CASE_STATUS = { type: 'string', enum: [...CASE_STATUSES] };

export const ERROR_CODES_DOC = `Errors are always \`{error, message, ...}\` with Content-Type application/json: invalid_token (401, with
\`WWW-Authenticate: Bearer error="invalid_token"\`), insufficient_scope (403, WWW-Authenticate names the scope), not_found (404,
identical for another tenant's resource and a missing one), validation_failed (400, with details [{path, message}]),
payload_too_large (413, bodies are limited to 64 KiB), duplicate_open_case (409, with existing), idempotency_key_in_use (409),
idempotency_key_reused (422), rate_limited (429 with Retry-After), internal_error (500, never a stack trace),
service_unavailable (503 with Retry-After: a transient database fault; retrying with the same Idempotency-Key is safe).`;

function schemas(): Record<string, JsonSchema> {
  const owner = obj({
    name: str, email: nstr, roles: { type: 'array', items: str }, ownershipPercent: { type: ['number', 'null'] }, nationality: nstr,
    dateOfBirth: { type: ['string', 'null'], format: 'date' }, idNumber: nstr, idCountry: nstr, countryOfResidence: nstr, source: nstr,
  });
  const caseSummaryProps = {
    caseId: { type: 'string', description: 'UUID for cases created through POST /v1/cases, `CS-<year>-<00000>` otherwise.' },
    companyName: nstr,
    status: CASE_STATUS,
    source: { type: 'string', enum: ['api', 'manual', 'doc_upload', 'application_form'] },
    onboardingStage: {
      type: 'string', enum: ['created', 'invite_sent', 'collecting_documents', 'application_submitted', 'in_screening', 'awaiting_id_verification', 'decision_made'],
      description: 'The furthest journey stage reached (never moves back). `invite_sent` once the mail system accepted the invite email; each move records case.onboarding_progress.changed.',
    },
    customerEmail: nstr, customerName: nstr, country: nstr, crmRecordId: nstr, crmSource: nstr,
    createdAt: dateTime,
    updatedAt: { ...dateTime, description: 'Filterable with updatedSince.' },
  };
  return {
    Error: obj({ error: { type: 'string', description: 'Stable snake_case code.' }, message: { type: 'string', description: 'A human sentence.' } }, { additionalProperties: true }),
    ValidationError: {
      allOf: [ref('Error')],
      type: 'object',
      required: ['error', 'message', 'details'],
      properties: {
        error: { const: 'validation_failed' },
        details: { type: 'array', minItems: 1, items: obj({ path: str, message: str }) },
      },
    },
    DuplicateOpenCaseError: {
      allOf: [ref('Error')],
      type: 'object',
      required: ['error', 'message', 'existing'],
      properties: {
        error: { const: 'duplicate_open_case' },
        existing: obj({ caseId: str, status: CASE_STATUS, createdAt: dateTime }),
      },
    },
    CaseSummary: obj(caseSummaryProps, { description: 'A case in lists. Consumers ignore unknown fields.' }),
    CaseList: listOf('CaseSummary', 'Newest first by creation (an internal, immutable key): paging never skips nor repeats a case that did not change; cases created meanwhile appear before the first page.'),
    CurrentDecision: obj({
      outcome: { type: 'string', enum: ['approved', 'declined'] }, notes: str, analystEmail: { type: 'string', description: '`policy_engine` on an automatic decision.' },
      decidedAt: dateTime, auto: { type: 'boolean' }, reason: { type: ['string', 'null'], enum: ['policy_engine', 'age_gate', null] },
    }),
    InviteStatus: obj({
      status: { type: 'string', enum: ['pending', 'sent', 'failed', 'not_sent'], description: '`pending` until the mail server accepts it (retried on failure), `not_sent` when created with sendInvite false.' },
      deliveredAt: { ...ndateTime, description: 'When the mail system accepted the email.' },
      attempts: { type: 'integer', minimum: 0 },
      lastError: nstr,
      expiresAt: dateTime,
      usedAt: ndateTime,
    }),
    CaseDetail: {
      type: 'object',
      required: [...Object.keys(caseSummaryProps), 'decision', 'riskBand', 'riskScore', 'screeningSummary', 'inviteSentAt', 'invite'],
      properties: {
        ...caseSummaryProps,
        decision: { oneOf: [ref('CurrentDecision'), { type: 'null' }], description: 'The current (latest) decision.' },
        riskBand: { type: ['string', 'null'], enum: ['low', 'medium', 'high', 'prohibited', null] },
        riskScore: { type: ['number', 'null'] },
        screeningSummary: ref('ScreeningSummary'),
        inviteSentAt: { ...ndateTime, description: 'When the invite email was accepted for sending; null when sendInvite was false.' },
        invite: { oneOf: [ref('InviteStatus'), { type: 'null' }], description: 'The latest invite and its delivery state.' },
        fullParity: { allOf: [ref('FullParity')], description: 'Present only when the tenant has full-parity egress enabled and the token has read:full_case.' },
      },
    },
    ScreeningSummary: obj({ totalHits: { type: 'integer' }, sanctionedHits: { type: 'integer' }, pepHits: { type: 'integer' } }, {
      description: 'Hits on the case; a hit dispositioned false_positive no longer counts.',
    }),
    Owner: owner,
    FullParity: obj({
      caseId: str, orgId: str, status: str, crmRecordId: nstr, crmSource: nstr,
      companyProfile: obj({
        companyName: nstr, registrationNumber: nstr, country: nstr, entityType: nstr, incorporationDate: { type: ['string', 'null'], format: 'date' },
        registeredAddress: nstr, taxId: nstr, vatNumber: nstr, businessActivity: nstr, industrySector: nstr, annualRevenue: nstr, website: nstr,
        customerEmail: nstr, sourceOfFunds: nstr, transactsInternationally: { type: 'boolean' }, internationalCountries: { type: 'array', items: str },
        customAnswers: { type: 'object' },
      }),
      ownership: obj({ directors: { type: 'array', items: ref('Owner') }, ubos: { type: 'array', items: ref('Owner') } }),
      documents: {
        type: 'array',
        items: obj({
          id: { type: 'integer' }, documentType: nstr, filename: str, mimeType: str, sizeBytes: { type: 'integer' }, status: str, confidence: nstr,
          uploadedAt: dateTime, warnings: { type: 'array' }, notes: nstr, extractedData: { type: 'object' },
        }),
      },
      decision: { oneOf: [obj({ outcome: str, notes: str, analystEmail: str, decidedAt: dateTime }), { type: 'null' }] },
      risk: { oneOf: [obj({ compositeScore: { type: 'number' }, band: str, assessedAt: dateTime }), { type: 'null' }] },
      screeningSummary: ref('ScreeningSummary'),
    }, { description: "The contract's full-parity projection. Strings the case does not have yet are null." }),
    CreateCaseRequest: CREATE_CASE_BODY_SCHEMA,
    CreatedCase: obj({
      caseId: { type: 'string', description: 'UUID v4 for a created case (a replayed existing case keeps its own id, which may be CS-<year>-<00000>).' },
      customerEmail: str, customerName: nstr, companyName: str, crmRecordId: nstr, crmSource: nstr,
      source: { type: 'string', description: '`api` for cases created this way.' },
      status: {
        type: 'string', enum: ['in-progress', ...CASE_STATUSES.filter((s) => s !== 'in_progress')],
        description: 'Quirk kept from the contract: `in-progress` (hyphen) here, where every other surface says `in_progress`.',
      },
      inviteSentAt: { ...ndateTime, description: 'ISO 8601 UTC with milliseconds: when the invite email was accepted for sending (committed with the case; a job sends it and retries). Null when sendInvite is false.' },
      customerPortalUrl: { type: 'string', format: 'uri', description: 'The customer\'s single-use, expiring magic link. On a crmRecordId replay the portal address without a token (the link was issued to the first request only).' },
      analystUrl: { type: 'string', format: 'uri', description: '`{APP_URL}/cases?case=<caseId>`' },
    }),
    Decision: obj({
      id: { type: 'integer' }, caseId: str, outcome: { type: 'string', enum: ['approved', 'declined'] }, notes: str,
      analystEmail: { type: 'string', description: '`policy_engine` on an automatic decision.' }, decidedAt: dateTime,
      auto: { type: 'boolean', description: 'True on an automatic decision (policy engine or age gate).' },
      reason: { type: ['string', 'null'], enum: ['policy_engine', 'age_gate', null], description: 'Only on automatic decisions.' },
    }, { description: 'A decision record; same fields as case.decision.made.' }),
    DecisionList: listOf('Decision', 'Newest first.'),
    ScreeningHit: obj({
      hitId: { type: 'string', description: 'Raw vendor id, `vn:<slug>` or `am:<id>`, as in screening.hit.detected.' },
      caseId: str, subjectId: nstr, subjectName: nstr, subjectRole: nstr, caption: nstr,
      schema: { type: ['string', 'null'], enum: ['Person', 'Company', null] }, score: { type: ['number', 'null'] },
      topics: { type: 'array', items: str }, position: { type: 'array', items: str }, nationality: { type: 'array', items: str },
      isPep: { type: 'boolean' }, isSanctioned: { type: 'boolean' }, source: { type: 'string', enum: ['screening', 'vendor_native_monitoring'] },
      detectedAt: dateTime,
      triage: {
        oneOf: [obj({ status: str, confidence: { type: ['integer', 'null'] }, disposition: { type: ['string', 'null'] }, shortReason: nstr }), { type: 'null' }],
        description: 'The AI triage of screening.hit.triaged, when it ran.',
      },
      disposition: { type: ['string', 'null'], enum: [...DISPOSITIONS, null], description: 'The human disposition.' },
      dispositionNote: nstr,
      dispositionBy: { type: ['string', 'null'], description: 'Analyst email, or `api_client:<clientId>` when set through the API.' },
      dispositionedAt: ndateTime,
    }, { description: 'A screening hit with its triage and disposition; pairs with screening.hit.detected and screening.hit.triaged on (caseId, hitId).' }),
    ScreeningHitList: listOf('ScreeningHit', 'Newest first.'),
    DispositionRequest: DISPOSITION_BODY_SCHEMA,
    DocumentSummary: obj({
      id: { type: 'integer' }, caseId: str, documentType: nstr, filename: str, mimeType: str, sizeBytes: { type: 'integer' },
      status: { type: 'string', enum: [...DOCUMENT_STATUSES] }, confidence: { type: ['string', 'null'], enum: ['High', 'Medium', 'Low', null] },
      uploadedAt: dateTime, updatedAt: dateTime,
    }),
    Document: obj({
      id: { type: 'integer' }, caseId: str, documentType: nstr, filename: str, mimeType: str, sizeBytes: { type: 'integer' },
      status: { type: 'string', enum: [...DOCUMENT_STATUSES] }, confidence: { type: ['string', 'null'], enum: ['High', 'Medium', 'Low', null] },
      uploadedAt: dateTime, updatedAt: dateTime, warnings: { type: 'array' }, notes: nstr,
      extractedData: { type: 'object', description: 'Structured data from AI document extraction.' },
    }),
    DocumentList: listOf('DocumentSummary', 'Newest first by id.'),
    EventFeedItem: obj({
      eventId: { type: 'string', format: 'uuid' }, eventType: str, eventVersion: { type: 'integer', const: 1 }, occurredAt: dateTime,
      data: { type: 'object', description: 'Byte for byte the webhook payload of this eventId.' },
    }),
    EventList: obj({
      data: { type: 'array', items: ref('EventFeedItem') },
      nextCursor: { type: 'string', description: 'Always present: the position after the last event returned (or the cursor given, on an empty page). Poll with it to get later events.' },
      hasMore: { type: 'boolean' },
    }, { description: 'Oldest first, in commit order of the feed position.' }),
    CrmRecordIdRequest: SET_CRM_RECORD_ID_BODY_SCHEMA,
    CrmRecordIdResponse: obj({ caseId: str, crmRecordId: str, crmSource: nstr }),
  };
}

const errorResponse = (description: string, schema = 'Error') => ({ description, content: { 'application/json': { schema: ref(schema) } } });
const RESPONSES = {
  BadRequest: errorResponse('validation_failed: a parameter or the body is invalid (details name each problem); a malformed or foreign cursor.', 'ValidationError'),
  Unauthorized: {
    description: 'invalid_token: missing, malformed, expired or revoked bearer token.',
    headers: { 'WWW-Authenticate': { schema: str, description: 'Bearer error="invalid_token"' } },
    content: { 'application/json': { schema: ref('Error') } },
  },
  Forbidden: {
    description: 'insufficient_scope: the token lacks the scope this operation requires.',
    headers: { 'WWW-Authenticate': { schema: str, description: 'Bearer error="insufficient_scope", scope="<needed>"' } },
    content: { 'application/json': { schema: ref('Error') } },
  },
  NotFound: errorResponse('not_found: no such resource in your tenant (identical for another tenant\'s resource).'),
  PayloadTooLarge: errorResponse('payload_too_large: the body exceeds 64 KiB.'),
  RateLimited: {
    description: 'rate_limited: 120 requests per minute per client.',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds.' } },
    content: { 'application/json': { schema: ref('Error') } },
  },
  InternalError: errorResponse('internal_error: logged with the request id (X-Request-Id); never a stack trace.'),
  ServiceUnavailable: {
    description: 'service_unavailable: a transient fault (the database connection was lost). Retry after Retry-After seconds; '
      + 'a POST retried with the same Idempotency-Key takes effect at most once, even when the first try\'s outcome was unknown.',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds.' } },
    content: { 'application/json': { schema: ref('Error') } },
  },
};

const PARAMETERS = {
  limit: {
    name: 'limit', in: 'query', required: false,
    description: 'Page size, 1..200, default 50; a larger value is treated as 200; anything else is a 400.',
    schema: { type: 'integer', minimum: 1, default: 50 },
  },
  cursor: {
    name: 'cursor', in: 'query', required: false,
    description: 'Opaque keyset cursor: nextCursor of the previous page, passed back verbatim with the same filters. Tamper-evident and bound to your tenant and the filters; anything else is a 400.',
    schema: { type: 'string', minLength: 1, maxLength: 512 },
  },
  caseId: {
    name: 'caseId', in: 'path', required: true, description: 'UUID or CS-<year>-<00000>.', schema: { type: 'string' },
  },
};

const security = (scope: string) => [{ oauth2: [scope] }];
const errors = (...codes: ('400' | '401' | '403' | '404' | '413' | '429')[]) => {
  const names = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 413: 'PayloadTooLarge', 429: 'RateLimited' } as const;
  return Object.fromEntries([...codes.map((c) => [c, { $ref: `#/components/responses/${names[c]}` }]), ['500', { $ref: '#/components/responses/InternalError' }],
    ['503', { $ref: '#/components/responses/ServiceUnavailable' }]]);
};
const json = (schema: string, description: string) => ({ description, content: { 'application/json': { schema: ref(schema) } } });
const pageParams = [{ $ref: '#/components/parameters/limit' }, { $ref: '#/components/parameters/cursor' }];

export function buildOpenApi(config: Config): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Compliance onboarding service: pull API and case creation',
      version: '1.0.0',
      description: [
        'Read-only pull API under /v1 and the case-creation endpoint. Every response is scoped to the tenant of the access token.',
        'Lists return `{data, nextCursor, hasMore}` and page by opaque keyset cursors (never offsets). Unknown query parameters are ignored; unknown body fields are a 400.',
        ERROR_CODES_DOC,
      ].join('\n\n'),
    },
    servers: [{ url: config.baseUrl }],
    security: [{ oauth2: [] }],
    paths: {
      '/v1/cases': {
        get: {
          operationId: 'listCases', summary: 'List cases', tags: ['cases'], security: security('read:cases'),
          description: 'Newest first by creation (an internal, immutable key): paging while cases are created or updated never skips nor repeats a case that did not change.',
          parameters: [
            ...pageParams,
            { name: 'status', in: 'query', required: false, description: 'One status or a comma-separated list.', schema: { type: 'string', pattern: `^(${CASE_STATUSES.join('|')})(,(${CASE_STATUSES.join('|')}))*$` } },
            { name: 'updatedSince', in: 'query', required: false, description: 'ISO 8601 date-time with Z or an offset; cases updated at or after it.', schema: { type: 'string', format: 'date-time' } },
          ],
          responses: { 200: json('CaseList', 'A page of cases.'), ...errors('400', '401', '403', '429') },
        },
        post: {
          operationId: 'createCase', summary: 'Create a case and invite the customer', tags: ['cases'], security: security('cases:write'),
          description: [
            'Dedup layers, in this order, each per tenant and safe under concurrent requests:',
            '1. `Idempotency-Key` (kept 24 h): the same key with the same body replays the original status and body with `Idempotent-Replay: true`; with another body 422 idempotency_key_reused; while the first request is still running 409 idempotency_key_in_use.',
            '2. `crmRecordId` (case-sensitive): an existing case of the tenant with it is answered 200 with `Idempotent-Replay: crm-record-id`. Bypass with allowDuplicateCrmRecord.',
            '3. An open case (any status but approved and declined) for customerEmail (case-insensitive): 409 duplicate_open_case with `existing`. Bypass with allowDuplicate; the override is written to the tenant configuration audit log.',
            'Otherwise 201: the case (UUID id, source `api`, status `in-progress`), case.created recorded in the same transaction, and, unless sendInvite is false, the tenant-branded magic-link invite emailed by a job after commit (retried; its state is on GET /v1/cases/{caseId} as `invite`). Once the mail system accepts the email, the case moves from onboardingStage `created` to `invite_sent` and case.onboarding_progress.changed is recorded, in one transaction.',
          ].join('\n'),
          parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, description: '1 to 255 visible ASCII characters.', schema: { type: 'string', minLength: 1, maxLength: 255 } }],
          requestBody: { required: true, content: { 'application/json': { schema: ref('CreateCaseRequest') } } },
          responses: {
            201: json('CreatedCase', 'Created.'),
            200: {
              description: 'An existing case of this crmRecordId (header Idempotent-Replay: crm-record-id), or a replay of an Idempotency-Key whose first answer was 200.',
              headers: { 'Idempotent-Replay': { schema: { type: 'string', enum: ['true', 'crm-record-id'] } } },
              content: { 'application/json': { schema: ref('CreatedCase') } },
            },
            409: {
              description: 'duplicate_open_case (with `existing`), or idempotency_key_in_use.',
              content: { 'application/json': { schema: { oneOf: [ref('DuplicateOpenCaseError'), { allOf: [ref('Error')], properties: { error: { const: 'idempotency_key_in_use' } } }] } } },
            },
            422: json('Error', 'idempotency_key_reused: the Idempotency-Key was used with another body.'),
            ...errors('400', '401', '403', '413', '429'),
          },
        },
      },
      '/v1/cases/{caseId}': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        get: {
          operationId: 'getCase', summary: 'One case with its current decision and risk band', tags: ['cases'], security: security('read:cases'),
          description: 'Adds `fullParity` when the tenant has full-parity egress enabled and the token has read:full_case.',
          responses: { 200: json('CaseDetail', 'The case.'), ...errors('401', '403', '404', '429') },
        },
      },
      '/v1/cases/{caseId}/decisions': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        get: {
          operationId: 'listCaseDecisions', summary: 'Decision history of a case', tags: ['cases'], security: security('read:decisions'),
          parameters: pageParams, responses: { 200: json('DecisionList', 'Newest first.'), ...errors('400', '401', '403', '404', '429') },
        },
      },
      '/v1/cases/{caseId}/screening': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        get: {
          operationId: 'listScreeningHits', summary: 'Screening history of a case', tags: ['screening'], security: security('read:screening'),
          parameters: pageParams, responses: { 200: json('ScreeningHitList', 'Newest first.'), ...errors('400', '401', '403', '404', '429') },
        },
      },
      '/v1/cases/{caseId}/screening/disposition': {
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        post: {
          operationId: 'dispositionScreeningHit', summary: 'Record a disposition on a screening hit', tags: ['screening'], security: security('screening:write'),
          description: 'The API client is the actor (dispositionBy `api_client:<clientId>`); the case\'s screening summary is recomputed (false positives stop counting). An unknown hitId is a 404.',
          requestBody: { required: true, content: { 'application/json': { schema: ref('DispositionRequest') } } },
          responses: { 200: json('ScreeningHit', 'The updated hit.'), ...errors('400', '401', '403', '404', '413', '429') },
        },
      },
      '/v1/documents': {
        get: {
          operationId: 'listDocuments', summary: 'Documents across the tenant', tags: ['documents'], security: security('read:documents'),
          parameters: [
            ...pageParams,
            { name: 'caseId', in: 'query', required: false, description: 'Only this case\'s documents (an unknown case gives an empty list).', schema: { type: 'string', maxLength: 64 } },
            { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: [...DOCUMENT_STATUSES] } },
          ],
          responses: { 200: json('DocumentList', 'Newest first by id.'), ...errors('400', '401', '403', '429') },
        },
      },
      '/v1/documents/{id}': {
        get: {
          operationId: 'getDocument', summary: 'One document with extractedData', tags: ['documents'], security: security('read:documents'),
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { 200: json('Document', 'The document.'), ...errors('401', '403', '404', '429') },
        },
      },
      '/v1/events': {
        get: {
          operationId: 'listEvents', summary: 'The event feed', tags: ['events'], security: security('read:events'),
          description: 'Oldest first, in the order events were committed; `data` is byte for byte the webhook payload of that eventId. nextCursor is always returned: poll with it.',
          parameters: [...pageParams, { name: 'event_type', in: 'query', required: false, description: 'One event name.', schema: { type: 'string', pattern: '^[a-z_]+(\\.[a-z_]+)*$', maxLength: 64 } }],
          responses: { 200: json('EventList', 'A page of events.'), ...errors('400', '401', '403', '429') },
        },
      },
      '/v1/openapi.json': {
        get: { operationId: 'openapi', summary: 'This document', tags: ['meta'], security: [], responses: { 200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } } },
      },
      '/api/cases/{caseId}/crm-record-id': {
        servers: [{ url: config.appUrl, description: 'APP_URL' }],
        parameters: [{ $ref: '#/components/parameters/caseId' }],
        post: {
          operationId: 'setCrmRecordId', summary: 'Store the CRM record id of a case', tags: ['cases'], security: security('cases:write'),
          description: 'Every later event of the case carries it as crmRecordId (null before).',
          requestBody: { required: true, content: { 'application/json': { schema: ref('CrmRecordIdRequest') } } },
          responses: { 200: json('CrmRecordIdResponse', 'Stored.'), ...errors('400', '401', '403', '404', '413', '429') },
        },
      },
    },
    components: {
      schemas: schemas(),
      responses: RESPONSES,
      parameters: PARAMETERS,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Bearer access tokens (signed JWTs, 3600 s) from POST /v1/oauth/token with client credentials.',
          flows: { clientCredentials: { tokenUrl: `${config.baseUrl}/v1/oauth/token`, scopes: Object.fromEntries(SCOPES.map((s) => [s, SCOPE_TEXT[s] ?? s])) } },
        },
      },
    },
  };
}

const SCOPE_TEXT: Record<string, string> = {
  'read:cases': 'Read cases.', 'read:documents': 'Read documents.', 'read:events': 'Read the event feed.', 'read:decisions': 'Read decisions.',
  'read:screening': 'Read screening data.', 'read:full_case': 'Full-parity case egress (when the tenant has it enabled).',
  'cases:write': 'Create cases; set crm record ids.', 'screening:write': 'Record dispositions on screening hits.',
};
