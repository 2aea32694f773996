import type { components } from './generated/openapi';

type Schemas = components['schemas'];

/** The body of every /v1 error: `{error, message, ...}`. */
export type ErrorBody = Schemas['Error'];

/** Error codes whose bodies carry more than `{error, message}`, with those bodies. */
export interface ErrorBodies {
  duplicate_open_case: Schemas['DuplicateOpenCaseError'];
  validation_failed: Schemas['ValidationError'];
  idempotency_key_in_use: Schemas['IdempotencyKeyInUseError'];
  unsafe_webhook_url: Schemas['UnsafeWebhookUrlError'];
}

/** The documented codes (docs: "Errors"); the OAuth endpoints add RFC 6749's (invalid_client, invalid_grant, ...). */
export type ErrorCode =
  | keyof ErrorBodies | 'invalid_token' | 'insufficient_scope' | 'not_found' | 'payload_too_large' | 'idempotency_key_reused'
  | 'rate_limited' | 'internal_error' | 'service_unavailable' | 'invalid_client' | 'invalid_grant' | 'invalid_request' | 'invalid_scope'
  | 'unauthorized_client' | 'unsupported_grant_type';

export type ErrorBodyOf<C extends string> = C extends keyof ErrorBodies ? ErrorBodies[C] : ErrorBody;

/**
 * An answer that is not 2xx (after the retries), with the service's error code and body. Narrow it with
 * `isApiError(err, 'duplicate_open_case')`, which types `body` (here: `body.existing`).
 */
export class ApiError<C extends string = string> extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The stable snake_case code (`error` of the body; `http_<status>` when the body had none). */
    readonly code: C,
    /** The parsed JSON body (the OAuth endpoints' `{error, error_description}` is given as `{error, message}` too). */
    readonly body: ErrorBodyOf<C>,
    /** X-Request-Id of the answer, which names its log lines at the service. */
    readonly requestId: string | null,
  ) {
    super(`${status} ${code}: ${body.message}`);
  }
}

/** Whether `err` is an ApiError (of `code`, when given): narrows its `code` and `body`. */
export function isApiError<C extends ErrorCode | (string & {})>(err: unknown, code?: C): err is ApiError<C> {
  return err instanceof ApiError && (code === undefined || err.code === code);
}

/** The ApiError of a non-2xx answer whose text was read. */
export function errorOf(status: number, text: string, requestId: string | null): ApiError {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
  } catch {
    // not JSON: the code says the status
  }
  const code = typeof parsed.error === 'string' ? parsed.error : `http_${status}`;
  const message = typeof parsed.message === 'string' ? parsed.message
    : typeof parsed.error_description === 'string' ? parsed.error_description : text.slice(0, 200) || `HTTP ${status}`;
  return new ApiError(status, code, { ...parsed, error: code, message } as ErrorBody, requestId);
}
