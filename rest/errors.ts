import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { RETRY_AFTER_SECONDS, asServiceUnavailable } from '../src/db/index';
import { isDomainError, type DomainErrorCode } from '../src/platform/index';

/** Wire status of every domain error code (decisions.md, "Errors"). Exhaustive by type. */
export const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  not_found: 404,
  validation_failed: 400,
  unauthenticated: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  forbidden: 403,
  conflict: 409,
  duplicate_open_case: 409,
  invalid_transition: 409,
  decision_blocked: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  payload_too_large: 413,
  unsafe_webhook_url: 400,
  mfa_required: 401,
  mfa_enrolment_required: 403,
  step_up_required: 403,
  sso_required: 403,
  service_unavailable: 503,
};

/** Writes `{error, message, ...extra}` with the given status. */
export function sendError(res: Response, status: number, error: string, message: string, extra: Record<string, unknown> = {}): void {
  res.status(status).type('application/json').send(JSON.stringify({ error, message, ...extra }));
}

/** Unknown routes answer in the same shape as every other error. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  sendError(res, 404, 'not_found', 'Resource not found.');
};

/**
 * The last handler: domain errors by table (service_unavailable, and a lost database connection, as 503
 * with Retry-After), body-parser failures as 400/413, a path parameter the router cannot decode as 400,
 * anything else as a bare internal_error logged with the request id. Never a stack trace or an internal
 * message on the wire.
 */
export const errorHandler: ErrorRequestHandler = (raw, req, res, _next) => {
  if (res.headersSent) return;
  // A lost database connection outside a transaction (a read, a claim) is transient too: 503, never 500.
  const err = asServiceUnavailable(raw);
  if (err !== raw) req.log.warn({ code: (raw as { code?: string }).code }, 'database connection lost; answered 503');
  if (isDomainError(err)) {
    if (err.code === 'service_unavailable') res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    // RFC 6750 section 3: name the scope needed; a use case's invalid_token gets the bearer challenge too.
    if (err.code === 'insufficient_scope') {
      res.setHeader('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${String(err.extra.scope ?? '')}"`);
    } else if (err.code === 'invalid_token' && !res.getHeader('WWW-Authenticate')) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
    }
    // A 5xx names the request, so that the caller's support ticket leads to its log lines (docs/operations.md).
    const status = STATUS_BY_CODE[err.code];
    sendError(res, status, err.code, err.message, status >= 500 ? { ...err.extra, requestId: String(req.id) } : err.extra);
    return;
  }
  if (err instanceof URIError && (err as { status?: number }).status === 400) {
    // The router could not decode a path parameter (`%ZZ`, a cut-off or non-UTF-8 escape): the caller's
    // URL is wrong, on any route and before any authentication. Not logged as an error.
    sendError(res, 400, 'validation_failed', 'The request URL has an invalid percent escape.', {
      details: [{ path: 'url', message: "must encode UTF-8 with '%' and two hexadecimal digits per byte" }],
    });
    return;
  }
  const type = (err as { type?: string }).type;
  if (type === 'entity.too.large') {
    sendError(res, 413, 'payload_too_large', 'The request body is too large.');
    return;
  }
  if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || type === 'charset.unsupported') {
    sendError(res, 400, 'validation_failed', 'The request body is not valid JSON.', { details: [{ path: '', message: 'must be valid JSON' }] });
    return;
  }
  req.log.error({ err }, 'unhandled error');
  sendError(res, 500, 'internal_error', 'An internal error occurred.', { requestId: String(req.id) });
};
