/**
 * The domain's public index: the only module adapters (rest/, graphql/, trpc/, worker/) import.
 *
 * Glossary
 * - tenant: an organisation (orgId, a UUID). Every row and every lookup is scoped to one.
 * - member: a person of a tenant who signs in (analyst, mlro, compliance_admin, admin).
 * - case: one customer's onboarding and monitoring file; public id `caseId` (UUID or CS-<year>-<seq>).
 * - event: a fact about a tenant's data, recorded in the same transaction as the change it reports;
 *   one row is at once the outbox entry, the /v1/events feed item and the webhook payload bytes.
 * - relay: moves committed events to subscribers (webhook fan-out) and their jobs to the queue.
 * - sweep: periodic re-hand-off of whatever a crash left between commit and queue.
 * - endpoint: a tenant's webhook receiver URL with its secret and subscriptions.
 * - delivery: one event for one endpoint (pending, delivered, failed, skipped_paused).
 * - attempt: one HTTP POST of a delivery; the count continues across manual redeliveries.
 * - client: OAuth client, either a tenant's pull-API credentials or an operator-registered connector.
 * - grant / connected app: one member's consent for one connector; refresh tokens hang off it.
 * - member session: a signed-in member's browser session, kept server-side (token stored hashed) so
 *   that signing out ends it everywhere; its kind names the door (the OAuth pages today).
 */
export * from './config';
export * from './errors';
export * from './logger';
export * from './ports';
export type { Services } from './services';
export { Tx, inTransaction } from './db/transaction';
export {
  createDataSource, connectDataSource, ensureMysqlDatabase, dropMysqlDatabase, runMigrations, DatabaseUnavailableError,
} from './db/data-source';
export { checkReadiness, type Readiness } from './health';

export { Tenant } from './tenants/tenant.entity';
export { Member, MEMBER_ROLES, type MemberRole } from './tenants/member.entity';
export { createTenant, type CreateTenantInput } from './tenants/create-tenant';
export { getTenant } from './tenants/find-tenant';
export { createMember, type CreateMemberInput } from './tenants/create-member';
export { setFullParity } from './tenants/set-full-parity';

export { SCOPES, DEFAULT_CLIENT_SCOPES, type Scope } from './oauth/oauth-client.entity';
export { requireScope, type Principal } from './oauth/principal';
export { createApiClient, type CreatedClient } from './oauth/create-api-client';
export { revokeClient } from './oauth/revoke-client';
export { registerConnector } from './oauth/register-connector';
// OAuth 2.0 server (issue 4): protocol errors, token issuance and verification, rate limits.
export { OAuthError, isOAuthError, OAUTH_ERROR_CODES, type OAuthErrorCode } from './oauth/oauth.errors';
export { type OAuthClientInfo } from './oauth/client-info';
export { ACCESS_TOKEN_TTL_SECONDS, issuerOf, resourceOf, type TokenResponse } from './oauth/access-token';
export { ACCESS_TOKEN_ALG, publicJwks } from './oauth/signing-key';
export { authenticateClient } from './oauth/authenticate-client';
export { issueClientCredentialsToken } from './oauth/issue-client-credentials-token';
export { verifyAccessToken } from './oauth/verify-access-token';
export { AccessTokenCache, LIVE_CHECK_TTL_MS } from './oauth/access-token-cache';
export { announceRevocation } from './oauth/announce-revocation';
export { consumePullApiRateLimit, flushPullApiRateLimits, type RateLimitState } from './oauth/rate-limit';
export { admitTokenRequest, settleFailedTokenRequest, type TokenRequestTicket } from './oauth/token-rate-limit';
export { admitSignIn, recordSignInSuccess, type SignInAdmission, type SignInTicket } from './oauth/sign-in-throttle';
export { SCOPE_DESCRIPTIONS } from './oauth/scopes';
export { checkAuthorizationTarget, checkAuthorizationRequest, type AuthorizationRequest } from './oauth/authorization-request';
export { authenticateMember, findSignedInMember, type SignedInMember } from './oauth/authenticate-member';
export { createAuthorizationCode, AUTHORIZATION_CODE_TTL_MS } from './oauth/create-authorization-code';
export { exchangeAuthorizationCode } from './oauth/exchange-authorization-code';
export { refreshAccessToken } from './oauth/refresh-access-token';
export { revokeToken } from './oauth/revoke-token';
export { listConnectedApps, disconnectApp, type ConnectedApp } from './oauth/connected-apps';
export {
  csrfMatches, sealAuthorizationTransaction, openAuthorizationTransaction,
  BROWSER_SESSION_TTL_MS, AUTHORIZATION_TRANSACTION_TTL_MS, type BrowserSession, type AuthorizationTransaction,
} from './oauth/browser-session';
export { loadBrowserSession } from './oauth/load-browser-session';
export { signInBrowserSession } from './oauth/sign-in-browser-session';
export { signOutBrowserSession } from './oauth/sign-out-browser-session';
export { spendConsentCsrf } from './oauth/spend-consent-csrf';
// Member sessions (server-side browser sessions of signed-in members; issue 11).
export {
  MEMBER_SESSION_POLICIES, startMemberSession, findMemberSession, endMemberSession, spendCsrfToken,
  type MemberSession, type MemberSessionKind, type MemberSessionPolicy,
} from './sessions/index';

export { type EventSubscriber } from './events/event-subscriber';
export { EventRecord } from './events/event.entity';
export {
  recordEvent, RELAY_TASK, EVENT_VERSION, EventSchemaViolation, type RecordEventInput, type RecordedEvent, type CaseRef,
} from './events/record-event';
export { relayEvents } from './events/relay';
export { sweepOutbox } from './events/sweep';
// Event catalogue (issue 3): types generated from schemas/webhooks/, published documents, the feed query.
export {
  EVENT_CATALOGUE, EVENT_TYPES, ENVELOPE_FIELDS, isEventType, eventCatalogueEntry,
  type EventCatalogueEntry, type EventType, type EventPayload, type EventFields, type CaseEventType, type EnvelopeField,
  type WebhookPayloads, type WebhookEvent,
} from './events/catalogue';
export { PublishedSchemas, readSchemaSources, SCHEMA_DIR, SOURCE_SCHEMA_BASE, type PublishedDocument, type SchemaSources } from './events/schema-documents';
export { payloadViolations, type PayloadViolation } from './events/validate-payload';
export {
  listEventFeed, EVENT_FEED_MAX_LIMIT, type ListEventFeedInput, type EventFeedItem, type EventFeedPage,
} from './events/list-event-feed';

// --- case intake and the /v1 pull API (issue 5) ---
export { assertSchema, toDetails, type JsonSchema } from './schema';
export { encodeCursor, decodeCursor, clampLimit, DEFAULT_LIMIT, MAX_LIMIT, type Page, type CursorScope } from './pagination/cursor';
export { isValidIdempotencyKey, requestHash, runIdempotent, purgeExpiredIdempotencyKeys, type StoredResponse } from './idempotency/idempotent';
export { CASE_STATUSES, CLOSED_STATUSES, type CaseStatus } from './cases/case.entity';
export { CASE_ID_PATTERN, isCaseId } from './cases/case-id';
export { CREATE_CASE_BODY_SCHEMA, SET_CRM_RECORD_ID_BODY_SCHEMA, type CreateCaseBody } from './cases/create-case.schema';
export { createCase, type CreateCaseOutcome, type CreateCaseResult, type CreateCaseInput } from './cases/create-case';
export { openCase, type OpenCaseInput } from './cases/open-case';
export { listCases, listCasesQuery, type ListCasesInput } from './cases/list-cases';
export { getCase, type CaseDetailView } from './cases/get-case';
export { listCaseDecisions } from './cases/list-case-decisions';
export type { CurrentDecisionView, DecisionView } from './cases/decision-views';
export { setCrmRecordId } from './cases/set-crm-record-id';
export { buildFullParity, type FullParity, type FullParityOwner } from './cases/full-parity';
export { advanceOnboardingStage, onboardingProgressFields, STAGE_LABELS } from './cases/onboarding-progress';
export type { CaseSummaryView, CreatedCaseView } from './cases/case-views';
export { DISPOSITIONS, type Disposition } from './screening/screening-hit.entity';
export { listScreeningHits } from './screening/list-screening-hits';
export { dispositionScreeningHit, DISPOSITION_BODY_SCHEMA } from './screening/disposition-screening-hit';
export type { ScreeningHitView } from './screening/screening-views';
export { DOCUMENT_STATUSES, listDocuments, getDocument, type DocumentView, type DocumentSummaryView } from './documents/documents';
export { type Mailer, type MailMessage, type MailReceipt, noMailer } from './mail/mailer';
export { keepMailLocally, listLocalMail } from './mail/keep-mail-locally';
export {
  SEND_INVITE_TASK, deliverInvite, sweepInvites, inspectInvite, redeemInvite, inviteLink, PORTAL_SESSION_TTL_MS,
  type InviteLanding, type InviteStatusView, type InviteState,
} from './invites/invites';
export { renderInviteEmail, escapeHtml, safeColor, safeLogoUrl, type Branding } from './invites/invite-email';
export { listFeedEvents, type FeedPage } from './feed/list-feed-events';

// Webhooks: endpoints, the URL guard, fan-out, delivery, redelivery, endpoint tests, receiver kit.
export { WebhookEndpoint, ENDPOINT_STATUSES, type EndpointStatus } from './webhooks/webhook-endpoint.entity';
export { WebhookDelivery, DELIVERY_STATES, type DeliveryState } from './webhooks/webhook-delivery.entity';
export { WebhookAttempt } from './webhooks/webhook-attempt.entity';
export type { WebhookEndpointView, WebhookDeliveryView, WebhookAttemptView } from './webhooks/webhook-views';
export { createWebhookEndpoint, type CreateWebhookEndpointInput, type CreatedWebhookEndpoint } from './webhooks/create-webhook-endpoint';
export { updateWebhookEndpoint, type UpdateWebhookEndpointInput } from './webhooks/update-webhook-endpoint';
export { pauseWebhookEndpoint } from './webhooks/pause-webhook-endpoint';
export { resumeWebhookEndpoint } from './webhooks/resume-webhook-endpoint';
export { deleteWebhookEndpoint, ENDPOINT_DELETED_MESSAGE } from './webhooks/delete-webhook-endpoint';
export { listWebhookEndpoints, getWebhookEndpoint } from './webhooks/list-webhook-endpoints';
export {
  UNSAFE_WEBHOOK_URL_MESSAGE, isBlockedAddress, parseWebhookUrl, ipLiteral, resolveAndCheck, checkWebhookUrlForSave, UrlCheckFailure,
  type HostResolver, type CheckedUrl,
} from './webhooks/url-guard';
export { MAX_RESPONSE_BYTES, type WebhookSender, type WebhookRequest, type WebhookResponse } from './webhooks/webhook-sender';
export { WebhookFanout } from './webhooks/webhook-fanout';
export { DELIVER_WEBHOOK_TASK, deliveryJobKey } from './webhooks/enqueue-deliveries';
export { attemptDelivery, RETRY_CANCELLED_PAUSED, type AttemptOutcome } from './webhooks/attempt-delivery';
export { nextRetryWaitMs, attemptLeaseMs } from './webhooks/retry-schedule';
export { sweepWebhookDeliveries } from './webhooks/sweep-webhook-deliveries';
export { redeliverWebhook } from './webhooks/redeliver-webhook';
export { pingWebhookUrl } from './webhooks/ping-webhook-url';
export { testWebhookEndpoint } from './webhooks/test-webhook-endpoint';
export { TEST_BODY_PREVIEW_BYTES, type WebhookTestResult } from './webhooks/ping-webhook';
export { listWebhookDeliveries, type ListWebhookDeliveriesInput, type WebhookDeliveryPage } from './webhooks/list-webhook-deliveries';
export {
  verifyWebhook, signWebhookBody, webhookHeaders, WEBHOOK_USER_AGENT, type VerifyWebhookOptions, type VerifyWebhookResult,
} from './webhooks/signature';
