import type { Static } from '@sinclair/typebox';
import type { ValidationDetail as ValidationDetailSchema } from './wire';

/**
 * Every failure a caller can act on is a DomainError with a stable code and a public message.
 * Transports map codes to their wire (rest/errors.ts, GraphQL formatError, tRPC errorFormatter);
 * no HTTP status lives in the domain. Anything else is an unexpected error and never reaches the wire.
 */
export const DOMAIN_ERROR_CODES = [
  'not_found',
  'validation_failed',
  /** No signed-in member (the console): sign in first. */
  'unauthenticated',
  'invalid_token',
  'insufficient_scope',
  'forbidden',
  'conflict',
  'duplicate_open_case',
  /** A case (or document) cannot move from its current status to the one asked for (decisions.md "Case status"). */
  'invalid_transition',
  /** Approving a case while some of its checks are open (identity, screening, documents, EDD, routing) without an override reason. */
  'decision_blocked',
  'idempotency_key_in_use',
  'idempotency_key_reused',
  'rate_limited',
  'payload_too_large',
  'unsafe_webhook_url',
  /** The password was right but the member has a second factor: no session yet; verify the second factor (extra: methods). */
  'mfa_required',
  /** The tenant requires MFA and the member has no second factor yet: only enrolment (and one's own sessions) until then. */
  'mfa_enrolment_required',
  /** A sensitive change needs a second factor proved in the last 10 minutes (verifySecondFactor), then the same request again. */
  'step_up_required',
  /** The member's organisation signs in through its identity provider (SSO required): no password sign-in. */
  'sso_required',
  /** A transient fault (the database connection was lost): retry after a moment, with the same Idempotency-Key. */
  'service_unavailable',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export type ValidationDetail = Static<typeof ValidationDetailSchema>;

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra public fields for the error body (e.g. `existing`, `details`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what = 'Resource'): DomainError {
    return new DomainError('not_found', `${what} not found.`);
  }

  static validation(details: ValidationDetail[]): DomainError {
    const first = details[0];
    const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'The request is invalid.';
    return new DomainError('validation_failed', message, { details });
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}
