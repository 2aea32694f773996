import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { asServiceUnavailable } from '../src/db/index';
import { isDomainError } from '../src/platform/index';

/**
 * Apollo's formatError: domain errors keep their code and public message in `extensions.code`;
 * a lost database connection becomes service_unavailable (transient: retry), as on REST; anything
 * unexpected becomes internal_error with no detail. Never a stack trace.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = asServiceUnavailable(unwrapResolverError(error));
  if (isDomainError(original)) {
    return { message: original.message, path: formatted.path, extensions: { code: original.code, ...original.extra } };
  }
  const code = formatted.extensions?.code;
  // Apollo's own request errors (parse, validation, bad input) are safe to show as they are.
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  return { message: 'An internal error occurred.', path: formatted.path, extensions: { code: 'internal_error' } };
}
