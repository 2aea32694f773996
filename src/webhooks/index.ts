export { WebhookEndpoint, ENDPOINT_STATUSES, type EndpointStatus } from './webhook-endpoint.entity';
export { WebhookDelivery, DELIVERY_STATES, type DeliveryState } from './webhook-delivery.entity';
export { WebhookAttempt } from './webhook-attempt.entity';
export {
  EndpointStatusSchema, DeliveryStateSchema, WebhookEndpointSchema, WebhookDeliverySchema, WebhookAttemptSchema,
  type WebhookEndpointView, type WebhookDeliveryView, type WebhookAttemptView,
} from './webhook.wire';
export { createWebhookEndpoint, type CreateWebhookEndpointInput, type CreatedWebhookEndpoint } from './create-webhook-endpoint';
export { updateWebhookEndpoint, type UpdateWebhookEndpointInput } from './update-webhook-endpoint';
export { pauseWebhookEndpoint } from './pause-webhook-endpoint';
export { resumeWebhookEndpoint } from './resume-webhook-endpoint';
export { deleteWebhookEndpoint, ENDPOINT_DELETED_MESSAGE } from './delete-webhook-endpoint';
export { listWebhookEndpoints, getWebhookEndpoint } from './list-webhook-endpoints';
export {
  UNSAFE_WEBHOOK_URL_MESSAGE, isBlockedAddress, parseWebhookUrl, ipLiteral, resolveAndCheck, checkWebhookUrlForSave, UrlCheckFailure,
  type CheckedUrl,
} from '../security/url-guard';
export { MAX_RESPONSE_BYTES, type WebhookSender, type WebhookRequest, type WebhookResponse } from './webhook-sender';
export { WebhookFanout } from './webhook-fanout';
export { DELIVER_WEBHOOK_TASK, deliveryJobKey } from './enqueue-deliveries';
export { attemptDelivery, RETRY_CANCELLED_PAUSED, type AttemptOutcome } from './attempt-delivery';
export { FirstAttempts, MAX_WAITING_FIRST_ATTEMPTS } from './first-attempts';
export { nextRetryWaitMs, attemptLeaseMs } from './retry-schedule';
export { sweepWebhookDeliveries } from './sweep-webhook-deliveries';
export { redeliverWebhook, REDELIVER_WHILE_PAUSED_NOTICE } from './redeliver-webhook';
export { pingWebhookUrl } from './ping-webhook-url';
export { testWebhookEndpoint } from './test-webhook-endpoint';
export { TEST_BODY_PREVIEW_BYTES, type WebhookTestResult } from './ping-webhook';
export { listWebhookDeliveries, getWebhookDelivery, type ListWebhookDeliveriesInput, type WebhookDeliveryPage } from './list-webhook-deliveries';
export {
  verifyWebhook, signWebhookBody, signStandardWebhook, standardWebhooksSecret, webhookHeaders, WEBHOOK_USER_AGENT, type VerifyWebhookOptions, type VerifyWebhookResult,
} from './signature';
export { recoverWebhookDeliveries, RECOVERABLE_STATES, MAX_RECOVERED, RECOVER_PER_SECOND, type RecoverableState, type RecoveryView } from './recover-webhook-deliveries';
export {
  CreateWebhookEndpointRequestSchema, UpdateWebhookEndpointRequestSchema, CreatedWebhookEndpointSchema, WebhookEndpointListSchema, WebhookDeliveryListSchema,
  WebhookTestResultSchema, WebhookRedeliverySchema,
  type CreateWebhookEndpointRequest, type UpdateWebhookEndpointRequest, type CreatedWebhookEndpointView, type WebhookTestResultView, type WebhookRedeliveryView,
} from './webhook-api.wire';
export { WebhookEndpointHealthSchema, type WebhookEndpointHealthView } from './webhook-health.wire';
export { listWebhookEndpointHealth } from './list-webhook-endpoint-health';
export { checkWebhookHealth, type HealthCheckResult } from './check-webhook-health';
export {
  renderWebhookAlertMail, type WebhookAlertKind,
} from './webhook-alert-mail';
export { WEBHOOK_DELIVERED, type DeliveredWebhook } from './webhook-delivered';
export { failingWebhookEndpoints } from './failing-endpoints';
export { webhooksModule } from './module';
