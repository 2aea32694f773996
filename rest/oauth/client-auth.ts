import type { Request, RequestHandler } from 'express';
import passport from 'passport';
import { BasicStrategy } from 'passport-http';
import { authenticateClient, isOAuthError, OAuthError, type OAuthClientInfo } from '../../src/oauth/index';
import { type Services } from '../../src/platform/index';

type Verified = (err: unknown, client?: OAuthClientInfo | false) => void;

/**
 * client_id and client_secret in the request body (JSON or form), RFC 6749 section 2.3.1; a public
 * connector sends client_id alone.
 */
class ClientBodyStrategy extends passport.Strategy {
  override name = 'client-body';
  constructor(private readonly verify: (id: string, secret: string | null, done: Verified) => void) {
    super();
  }
  override authenticate(req: Request): void {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const id = body.client_id;
    const secret = body.client_secret;
    if (typeof id !== 'string' || (secret !== undefined && typeof secret !== 'string')) {
      this.fail(401);
      return;
    }
    this.verify(id, (secret as string | undefined) ?? null, (err, client) => {
      if (err) this.error(err);
      else if (!client) this.fail(401);
      else this.success(client);
    });
  }
}

/** RFC 6749 section 2.3.1: Basic credentials are form-urlencoded before base64. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** The client of this request, as the client-authentication middleware left it. */
export function clientOf(req: Request): OAuthClientInfo {
  return req.user as OAuthClientInfo;
}

/**
 * Authenticates the client of a token or revocation request with passport: HTTP Basic
 * (client_secret_basic) when an Authorization header is sent, else the body (client_secret_post, or
 * client_id alone for a public client). Two methods at once is invalid_request; failure is invalid_client.
 * Sets req.user to the client (oauth2orize's convention).
 */
export function clientAuthentication(svc: Services): RequestHandler {
  const clientPassport = new passport.Passport();
  const verify = (id: string, secret: string | null, done: Verified) => {
    authenticateClient(svc, { clientId: id, clientSecret: secret }).then(
      (client) => done(null, client),
      (err: unknown) => (isOAuthError(err) ? done(null, false) : done(err)),
    );
  };
  clientPassport.use('client-basic', new BasicStrategy((id, secret, done) => verify(formDecode(id), formDecode(secret), done)));
  clientPassport.use('client-body', new ClientBodyStrategy(verify));

  return (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const authorization = req.headers.authorization;
    if (authorization !== undefined && !/^basic /i.test(authorization)) {
      next(new OAuthError('invalid_client', 'Client authentication failed: only HTTP Basic is supported in the Authorization header.'));
      return;
    }
    const basic = authorization !== undefined;
    if (basic && body.client_secret !== undefined) {
      next(new OAuthError('invalid_request', 'Use one client authentication method, not both HTTP Basic and client_secret.'));
      return;
    }
    const strategy = basic ? 'client-basic' : 'client-body';
    clientPassport.authenticate(strategy, { session: false }, (err: unknown, client: OAuthClientInfo | false) => {
      if (err) return next(err);
      if (!client) return next(new OAuthError('invalid_client', 'Client authentication failed.'));
      if (basic && body.client_id !== undefined && body.client_id !== client.id) {
        return next(new OAuthError('invalid_request', 'client_id in the body does not match the authenticated client.'));
      }
      req.user = client;
      next();
    })(req, res, next);
  };
}
