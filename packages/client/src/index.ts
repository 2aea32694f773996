// @svc/client: the typed client of the compliance onboarding service (docs/client.md).
export { createClient, type Client, type ClientOptions, type CreateCaseResult, type CaseSummary, type CaseDetail, type CreateCaseRequest, type CreatedCase, type EventFeedItem, type ListCasesQuery, type ListEventsQuery } from './client';
export { ApiError, isApiError, type ErrorBody, type ErrorBodies, type ErrorBodyOf, type ErrorCode } from './errors';
export { retryAfterMs, type Answer, type RequestOptions, type RetryOptions } from './http';
export { Paged, type Page } from './paging';
export { TokenSource, type TokenResponse } from './token';
export { verifyWebhook, type HeaderBag, type VerifiedWebhook, type VerifyWebhookOptions, type VerifyWebhookResult, type WebhookFailure } from './webhooks';
export type { components, operations, paths, webhooks } from './generated/openapi';
export type * from './generated/events';
