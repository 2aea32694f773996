/**
 * The examples of the OpenAPI document (openapi.ts, openapi-webhooks.ts): what a call sends and gets back,
 * one tenant's story (Acme Trading's onboarding, opened from a Salesforce opportunity). Ids, tokens and times
 * are illustrative; every example validates against its schema (test/rest/openapi-examples.test.ts).
 */

const CASE_UUID = '3f0c1b6e-8a8e-4d5a-9a53-2f0d6b1c9e11';
const ENDPOINT_ID = '7d4e2a10-5b3c-4f6e-9a8b-1c2d3e4f5a6b';
const EVENT_ID = 'b5a1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';

export const EXAMPLE_CASE_BODY = { customerEmail: 'jane.doe@acme.example', customerName: 'Jane Doe', companyName: 'Acme Trading Ltd', country: 'United Kingdom', crmRecordId: 'opp-00042', crmSource: 'salesforce' };

export const EXAMPLE_CREATED_CASE = {
  caseId: CASE_UUID, customerEmail: 'jane.doe@acme.example', customerName: 'Jane Doe', companyName: 'Acme Trading Ltd',
  crmRecordId: 'opp-00042', crmSource: 'salesforce', source: 'api', status: 'in-progress', inviteSentAt: '2026-11-29T09:00:00.000Z',
  customerPortalUrl: 'https://app.example.com/portal/invite?token=6kqv0Yc9Qm3rN1xT8bW2pL5sZ7dF4hJ0aE6uI9oK2yR', analystUrl: `https://app.example.com/cases?case=${CASE_UUID}`,
};

/** A crmRecordId replay: the existing case, its portal address without a token. */
export const EXAMPLE_EXISTING_CASE = { ...EXAMPLE_CREATED_CASE, customerPortalUrl: 'https://app.example.com/portal' };

export const EXAMPLE_DUPLICATE = {
  error: 'duplicate_open_case', message: 'This customer email already has an open case in your organisation.',
  existing: { caseId: 'CS-2026-00017', status: 'in_review', createdAt: '2026-11-20T14:03:11.000Z' },
};

// --- OAuth ---
export const EXAMPLE_TOKEN_REQUEST = { grant_type: 'client_credentials', client_id: 'cli_4f9a2c7e1b', client_secret: 'sec_Yk3v9Qm2rN8xT1bW5pL0sZ7d', scope: 'read:cases cases:write' };
export const EXAMPLE_TOKEN_RESPONSE = {
  access_token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiYXQrand0In0.eyJzdWIiOiJjbGlfNGY5YTJjN2UxYiJ9.c2lnbmF0dXJl',
  token_type: 'Bearer', expires_in: 900, scope: 'read:cases cases:write',
};
export const EXAMPLE_REVOKE_REQUEST = { token: EXAMPLE_TOKEN_RESPONSE.access_token, token_type_hint: 'access_token', client_id: 'cli_4f9a2c7e1b', client_secret: 'sec_Yk3v9Qm2rN8xT1bW5pL0sZ7d' };
export const EXAMPLE_JWKS = { keys: [{ kty: 'EC', crv: 'P-256', kid: 'k1', use: 'sig', alg: 'ES256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' }] };
export const exampleAuthorizationServer = (base: string) => ({
  issuer: base, authorization_endpoint: `${base}/v1/oauth/authorize`, token_endpoint: `${base}/v1/oauth/token`, revocation_endpoint: `${base}/v1/oauth/revoke`,
  jwks_uri: `${base}/v1/oauth/jwks.json`, grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'], code_challenge_methods_supported: ['S256'],
});
export const exampleProtectedResource = (base: string) => ({ resource: `${base}/v1`, authorization_servers: [base], scopes_supported: ['read:cases', 'cases:write'], bearer_methods_supported: ['header'] });

// --- cases ---
const EXAMPLE_CASE_SUMMARY = {
  caseId: CASE_UUID, companyName: 'Acme Trading Ltd', status: 'in_review', source: 'api', onboardingStage: 'application_submitted',
  customerEmail: 'jane.doe@acme.example', customerName: 'Jane Doe', country: 'United Kingdom', crmRecordId: 'opp-00042', crmSource: 'salesforce',
  createdAt: '2026-11-29T09:00:00.000Z', updatedAt: '2026-12-01T16:42:05.000Z',
};
export const EXAMPLE_CASE_LIST = {
  data: [EXAMPLE_CASE_SUMMARY, {
    ...EXAMPLE_CASE_SUMMARY, caseId: 'CS-2026-00017', companyName: 'Globex Ltd', status: 'approved', source: 'manual', onboardingStage: 'decision_made',
    customerEmail: 'finance@globex.example', customerName: 'Hank Scorpio', crmRecordId: null, crmSource: null, createdAt: '2026-11-20T14:03:11.000Z', updatedAt: '2026-11-27T10:15:00.000Z',
  }],
  nextCursor: 'eyJwayI6MTcsInYiOjF9', hasMore: true,
};
export const EXAMPLE_CASE_DETAIL = {
  ...EXAMPLE_CASE_SUMMARY, status: 'approved', onboardingStage: 'decision_made', updatedAt: '2026-12-02T11:20:00.000Z',
  decision: { outcome: 'approved', notes: 'Directors verified; no screening matches.', analystEmail: 'sam.analyst@tenant.example', decidedAt: '2026-12-02T11:20:00.000Z', auto: false, reason: null },
  riskBand: 'low', riskScore: 18, screeningSummary: { totalHits: 1, sanctionedHits: 0, pepHits: 0 }, inviteSentAt: '2026-11-29T09:00:00.000Z',
  invite: { status: 'sent', deliveredAt: '2026-11-29T09:00:04.000Z', attempts: 1, lastError: null, expiresAt: '2026-12-06T09:00:00.000Z', usedAt: '2026-11-29T10:31:40.000Z' },
  purgedAt: null,
};
export const EXAMPLE_DECISION_LIST = {
  data: [{
    id: 311, caseId: CASE_UUID, outcome: 'approved', notes: 'Directors verified; no screening matches.', analystEmail: 'sam.analyst@tenant.example',
    decidedAt: '2026-12-02T11:20:00.000Z', auto: false, reason: null, provenance: null,
  }],
  nextCursor: null, hasMore: false,
};
export const EXAMPLE_CRM_RECORD_ID_REQUEST = { crmRecordId: 'opp-00042' };
export const EXAMPLE_CRM_RECORD_ID_RESPONSE = { caseId: CASE_UUID, crmRecordId: 'opp-00042', crmSource: 'salesforce' };

// --- screening ---
export const EXAMPLE_SCREENING_HIT = {
  hitId: 'hit_8c1f0e2a', caseId: CASE_UUID, subjectId: 'person-1', subjectName: 'Jane Doe', subjectRole: 'director', caption: 'Jane DOE',
  schema: 'Person', score: 0.82, topics: ['role.pep'], position: ['Member of the Town Council'], nationality: ['gb'], isPep: true, isSanctioned: false,
  source: 'screening', detectedAt: '2026-11-30T08:12:44.000Z', triage: null,
  disposition: 'false_positive', dispositionNote: 'Different date of birth (1971 against 1988).', dispositionBy: 'api_client:cli_4f9a2c7e1b', dispositionedAt: '2026-11-30T09:01:10.000Z',
};
export const EXAMPLE_SCREENING_HIT_LIST = { data: [EXAMPLE_SCREENING_HIT], nextCursor: null, hasMore: false };
export const EXAMPLE_DISPOSITION_REQUEST = { hitId: 'hit_8c1f0e2a', disposition: 'false_positive', note: 'Different date of birth (1971 against 1988).' };
export const EXAMPLE_SCREEN_NAME_REQUEST = { name: 'Vladimir Petrov', schema: 'Person', birthDate: '1961-04', nationality: 'ru', limit: 5 };
export const EXAMPLE_SCREEN_NAME_RESULT = {
  data: [{
    entityId: 'NK-3xQv9w', caption: 'Vladimir PETROV', schema: 'Person', score: 0.91, match: true, topics: ['sanction'], datasets: ['eu_fsf'],
    birthDates: ['1961-04-12'], nationality: ['ru'], countries: ['ru'], isPep: false, isSanctioned: true,
    explanation: {
      name: { text: 'Vladimir PETROV', kind: 'name' },
      tokens: [{ query: 'vladimir', matched: 'vladimir', how: 'exact', similarity: 1 }, { query: 'petrov', matched: 'petrov', how: 'exact', similarity: 1 }],
      unmatched: { query: [], listed: [] }, nameScore: 1,
      birthDate: { effect: 0, reason: 'The month given (1961-04) agrees with the listed date.' },
      nationality: { effect: 0, reason: 'The nationality given is listed.' }, score: 0.91,
    },
  }],
  threshold: 0.7, listVersion: '20261128-1',
};

// --- documents ---
const EXAMPLE_DOCUMENT_SUMMARY = {
  id: 5021, caseId: CASE_UUID, documentType: 'certificate_of_incorporation', filename: 'acme-incorporation.pdf', mimeType: 'application/pdf', sizeBytes: 184311,
  status: 'complete', confidence: 'High', uploadedAt: '2026-11-29T10:40:02.000Z', updatedAt: '2026-11-29T10:40:09.000Z', purgedAt: null,
};
export const EXAMPLE_DOCUMENT_LIST = { data: [EXAMPLE_DOCUMENT_SUMMARY], nextCursor: null, hasMore: false };
export const EXAMPLE_DOCUMENT = {
  ...EXAMPLE_DOCUMENT_SUMMARY, warnings: [], missingFields: [], notes: null,
  extractedData: { companyName: 'Acme Trading Ltd', registrationNumber: '09876543', incorporationDate: '2015-03-02', country: 'United Kingdom' },
};

// --- events ---
export const exampleEventList = (caseCreated: unknown) => ({
  data: [{ eventId: EVENT_ID, eventType: 'case.created', eventVersion: 1, occurredAt: '2026-11-29T09:00:00.000Z', data: caseCreated }],
  nextCursor: 'eyJzZXEiOjkwMDF9', hasMore: false,
});

// --- webhook endpoints ---
const EXAMPLE_ENDPOINT = {
  endpointId: ENDPOINT_ID, url: 'https://crm.acme.example/hooks/onboarding', label: 'Salesforce sync', eventTypes: ['case.created', 'case.decision.made'],
  status: 'active', mode: 'live', createdAt: '2026-11-01T12:00:00.000Z', updatedAt: '2026-11-01T12:00:00.000Z',
};
export const EXAMPLE_ENDPOINT_LIST = { data: [EXAMPLE_ENDPOINT], nextCursor: null, hasMore: false };
export const EXAMPLE_ENDPOINT_CREATE = { url: 'https://crm.acme.example/hooks/onboarding', label: 'Salesforce sync', eventTypes: ['case.created', 'case.decision.made'] };
export const EXAMPLE_ENDPOINT_CREATED = { endpoint: EXAMPLE_ENDPOINT, secret: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' };
export const EXAMPLE_ENDPOINT_UPDATE = { status: 'paused', label: 'Salesforce sync (paused for the migration)' };
export const EXAMPLE_ENDPOINT_UPDATED = { ...EXAMPLE_ENDPOINT, ...EXAMPLE_ENDPOINT_UPDATE, updatedAt: '2026-12-03T08:30:00.000Z' };
export const EXAMPLE_ENDPOINT_TEST = { ok: true, httpStatus: 200, error: null, body: '{"received":true}', durationMs: 142, eventId: 'c7d8e9f0-1a2b-4c3d-8e4f-5a6b7c8d9e0f' };
const EXAMPLE_DELIVERY = {
  deliveryId: 90412, endpointId: ENDPOINT_ID, eventId: EVENT_ID, eventType: 'case.created', state: 'failed', attempts: 6, nextAttemptAt: null,
  lastHttpStatus: 503, lastError: 'HTTP 503', createdAt: '2026-11-29T09:00:01.000Z', completedAt: '2026-11-29T09:36:37.000Z',
  payload: { event: 'case.created', eventId: EVENT_ID },
  attemptLog: [{ attempt: 6, httpStatus: 503, error: 'HTTP 503', responseBody: 'Service Unavailable', durationMs: 87, startedAt: '2026-11-29T09:36:36.000Z', finishedAt: '2026-11-29T09:36:37.000Z' }],
};
export const EXAMPLE_DELIVERY_LIST = { data: [EXAMPLE_DELIVERY], nextCursor: null, hasMore: false };
export const EXAMPLE_REDELIVERY = { delivery: { ...EXAMPLE_DELIVERY, state: 'pending', nextAttemptAt: '2026-12-03T08:31:00.000Z', completedAt: null }, notice: null };

// --- errors (the shared responses) ---
export const EXAMPLE_ERRORS = {
  BadRequest: { error: 'validation_failed', message: '/customerEmail: must be a valid email address', details: [{ path: '/customerEmail', message: 'must be a valid email address' }] },
  Unauthorized: { error: 'invalid_token', message: 'The access token is invalid.' },
  Forbidden: { error: 'insufficient_scope', message: 'This request requires the scope cases:write.', scope: 'cases:write' },
  NotFound: { error: 'not_found', message: 'Case not found.' },
  PayloadTooLarge: { error: 'payload_too_large', message: 'The request body is too large.' },
  RateLimited: { error: 'rate_limited', message: 'Too many requests: 120 per minute per client. Retry after 37 seconds.' },
  InternalError: { error: 'internal_error', message: 'An internal error occurred.', requestId: '4c1f7a9e-2b3d-4e5f-8a6b-7c8d9e0f1a2b' },
  ServiceUnavailable: { error: 'service_unavailable', message: 'The service is briefly unavailable; retry after the Retry-After delay.', requestId: '4c1f7a9e-2b3d-4e5f-8a6b-7c8d9e0f1a2c' },
  OAuthBadRequest: { error: 'invalid_grant', error_description: 'The authorization code is invalid, expired or already used.' },
  OAuthUnauthorized: { error: 'invalid_client', error_description: 'Client authentication failed.' },
  OAuthServerError: { error: 'server_error', error_description: 'The server could not handle the request.' },
};

// --- the event catalogue documents (abridged: the real ones list all 36 event types) ---
export const exampleSchemaIndex = (base: string) => ({
  description: 'Webhook event catalogue, contract version 1: one JSON Schema (Draft 2020-12) per event type.',
  eventVersion: 1,
  events: [{
    eventType: 'case.created', version: 1, schemaUrl: `${base}/schemas/webhooks/case.created.v1.json`,
    description: 'A case is opened by manual analyst creation, customer document upload or application form submission; cases created through POST /v1/cases also emit it.',
    typeName: 'CaseCreatedEvent',
  }],
});
// (Abridged further: the real document also has `$schema`, `$id` and the shared parts under `$defs`.)
export const EXAMPLE_EVENT_SCHEMA = {
  title: 'case.created', type: 'object', required: ['event', 'eventId', 'eventVersion', 'timestamp', 'orgId', 'caseId'], properties: { event: { const: 'case.created' } },
};
export const exampleTypesIndex = (base: string) => ({
  description: 'TypeScript declarations generated from the webhook JSON Schemas (contract version 1).', eventVersion: 1,
  files: [{ name: 'webhooks.v1.d.ts', url: `${base}/types/webhooks.v1.d.ts`, sha256: '_QTDQb9oKFzr5S7BDVeGQ1HwdBlH2fb84r6VZnwoq9A', exports: ['WebhookEvent', 'WebhookEventType', 'CaseCreatedEvent'] }],
});
