import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { asServiceUnavailable } from '../src/db/index';
import { isDomainError, type DomainErrorCode } from '../src/platform/index';
import type { GraphqlContext } from './context';

/** The console's error codes (`extensions.code`): the web console and the docs rely on these names. */
export const GRAPHQL_ERROR_CODES = [
  'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT', 'RATE_LIMITED',
  'MFA_REQUIRED', 'MFA_ENROLMENT_REQUIRED', 'STEP_UP_REQUIRED', 'SSO_REQUIRED', 'SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR',
] as const;
export type GraphqlErrorCode = (typeof GRAPHQL_ERROR_CODES)[number];

/** The GraphQL code of every domain error code (exhaustive by type, like rest/errors.ts's statuses). */
export const GRAPHQL_CODE_BY_DOMAIN_CODE: Record<DomainErrorCode, GraphqlErrorCode> = {
  not_found: 'NOT_FOUND',
  validation_failed: 'BAD_USER_INPUT',
  unauthenticated: 'UNAUTHENTICATED',
  invalid_token: 'UNAUTHENTICATED',
  insufficient_scope: 'FORBIDDEN',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  duplicate_open_case: 'CONFLICT',
  invalid_transition: 'CONFLICT',
  decision_blocked: 'CONFLICT',
  idempotency_key_in_use: 'CONFLICT',
  idempotency_key_reused: 'CONFLICT',
  rate_limited: 'RATE_LIMITED',
  payload_too_large: 'BAD_USER_INPUT',
  unsafe_webhook_url: 'BAD_USER_INPUT',
  mfa_required: 'MFA_REQUIRED',
  mfa_enrolment_required: 'MFA_ENROLMENT_REQUIRED',
  step_up_required: 'STEP_UP_REQUIRED',
  sso_required: 'SSO_REQUIRED',
  service_unavailable: 'SERVICE_UNAVAILABLE',
};

/**
 * Apollo's formatError. A domain error keeps its public message; `extensions.code` is its GraphQL code
 * and `extensions.reason` the domain code, with the error's public extras (`details` with the field
 * paths of a BAD_USER_INPUT, `retryAfterSeconds` of RATE_LIMITED, `existing` of a duplicate...), whether
 * a resolver threw it or a limit refused the whole operation before it ran (graphql/limits.ts). A lost
 * database connection is SERVICE_UNAVAILABLE (transient: retry), as on REST. Apollo's own request errors
 * (parse, validation, bad variables) pass as they are; anything else is INTERNAL_SERVER_ERROR with no
 * detail. Never a stack trace.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  const original = asServiceUnavailable(unwrapped instanceof GraphQLError && isDomainError(unwrapped.originalError) ? unwrapped.originalError : unwrapped);
  if (isDomainError(original)) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: { ...original.extra, code: GRAPHQL_CODE_BY_DOMAIN_CODE[original.code], reason: original.code },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  return { message: 'An internal error occurred.', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

// graphql-js's hints name schema fields, arguments, types and enum values: ' Did you mean "me"?',
// ' Did you mean the enum value "approved"?', ' Did you mean to use an inline fragment on "X"?'.
const SUGGESTION = / Did you mean [^?]*\?/g;

/**
 * formatGraphqlError for the server: in production (introspection off) it also drops graphql-js's
 * "Did you mean …?" hints from messages, which would otherwise name schema fields to a stranger.
 */
export function graphqlErrorFormatter(options: { production: boolean }): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  if (!options.production) return formatGraphqlError;
  return (formatted, error) => {
    const answer = formatGraphqlError(formatted, error);
    return answer.message.includes(' Did you mean ') ? { ...answer, message: answer.message.replace(SUGGESTION, '') } : answer;
  };
}

/** Sends a refusal's wait as a Retry-After header too (the error carries retryAfterSeconds), and rethrows. */
export function withRetryAfter(ctx: GraphqlContext, err: unknown): never {
  const seconds = isDomainError(err) && err.code === 'rate_limited' ? err.extra.retryAfterSeconds : undefined;
  if (typeof seconds === 'number') ctx.res.setHeader('Retry-After', String(seconds));
  throw err;
}
