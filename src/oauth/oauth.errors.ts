/**
 * Protocol errors of the OAuth endpoints (RFC 6749 sections 4.1.2.1 and 5.2, RFC 7009). They are not
 * DomainErrors: the OAuth endpoints answer in the RFC shape `{error, error_description}`, and the
 * transport (rest/oauth) maps each code to its status. The description is public: never an internal detail.
 */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'unsupported_response_type',
  'unsupported_token_type',
  /** RFC 8707: a resource indicator that is not one of ours, or not one the grant was issued for. */
  'invalid_target',
  'server_error',
  'temporarily_unavailable',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    /** error_description: a public sentence. */
    message: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

export function isOAuthError(err: unknown): err is OAuthError {
  return err instanceof OAuthError;
}
