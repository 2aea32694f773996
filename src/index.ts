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

export { type EventSubscriber } from './events/event-subscriber';
export { EventRecord } from './events/event.entity';
export { recordEvent, RELAY_TASK, EVENT_VERSION, type RecordEventInput, type RecordedEvent } from './events/record-event';
export { relayEvents } from './events/relay';
export { sweepOutbox } from './events/sweep';

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
