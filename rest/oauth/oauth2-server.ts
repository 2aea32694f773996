import type { Request, RequestHandler } from 'express';
import oauth2orize, { type ExchangeDoneFunction, type OAuth2Req } from 'oauth2orize';
import { checkAuthorizationRequest, checkAuthorizationTarget, createAuthorizationCode, exchangeAuthorizationCode, isOAuthError, issueClientCredentialsToken, issuerOf, OAUTH_ERROR_CODES, openAuthorizationTransaction, OAuthError, refreshAccessToken, resourceOf, sealAuthorizationTransaction, AUTHORIZATION_TRANSACTION_TTL_MS, type OAuthClientInfo, type OAuthErrorCode, type TokenResponse } from '../../src/oauth/index';
import { type SignedInMember } from '../../src/sessions/index';
import { type Scope } from '../../src/access/index';
import { type Services } from '../../src/platform/index';

/** What our request parser adds to oauth2orize's parsed authorization request. */
export interface AuthorizeRequest extends OAuth2Req {
  rawScope?: unknown;
  codeChallenge?: unknown;
  codeChallengeMethod?: unknown;
  /** RFC 8707 resource indicator(s), as sent. */
  rawResource?: unknown;
  /** Set by validate: the checked scopes. */
  scopes?: Scope[];
  /** Set by validate: the checked resources. */
  resources?: string[];
}

/** Hands a use case's token response to oauth2orize's `issued` callback (which writes it with no-store). */
function deliver(done: ExchangeDoneFunction, work: Promise<TokenResponse>): void {
  work.then(
    ({ access_token, ...params }) => done(null, access_token, undefined, params),
    (err: Error) => done(err),
  );
}

/** Only protocol errors travel to the client's redirect URI; anything else becomes a bare server_error. */
function forRedirect(svc: Services, err: unknown): OAuthError {
  if (isOAuthError(err)) return err;
  svc.log.error({ err }, 'authorization request failed');
  return new OAuthError('server_error', 'An internal error occurred.');
}

/**
 * The oauth2orize server: it parses the grants, runs the authorization transaction and writes the
 * responses; the decisions (who may have what) are the domain's use cases. Errors go to rest/oauth's
 * own handlers, never to oauth2orize's.
 */
export function createOAuth2Server(svc: Services, store: TransactionStore): oauth2orize.OAuth2Server<OAuthClientInfo, SignedInMember> {
  const server = oauth2orize.createServer<OAuthClientInfo, SignedInMember>({ store } as never);
  const issuer = issuerOf(svc.config);

  // Redirects back to the client carry iss (RFC 9207) on success and error alike; never an internal error.
  const query = (txn: { redirectURI?: string }, res: { redirect(url: string): void }, params: Record<string, string>) => {
    if (params.error && !OAUTH_ERROR_CODES.includes(params.error as OAuthErrorCode)) {
      params = { error: 'server_error', error_description: 'An internal error occurred.', ...(params.state ? { state: params.state } : {}) };
    }
    const url = new URL(txn.redirectURI!);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('iss', issuer);
    res.redirect(url.toString());
  };
  query.validate = (txn: { redirectURI?: string }) => {
    if (!txn.redirectURI) throw new OAuthError('server_error', 'No redirect URI for this transaction.');
  };

  server.grant(
    oauth2orize.grant.code<OAuthClientInfo, SignedInMember>(
      { modes: { query } } as never,
      (client, redirectUri, member, _ares, areq, _locals, done) => {
        const a = areq as AuthorizeRequest;
        createAuthorizationCode(svc, { client, member, redirectUri, scopes: a.scopes!, codeChallenge: a.codeChallenge as string, resources: a.resources! }).then(
          (code) => done(null, code),
          (err: unknown) => done(forRedirect(svc, err)),
        );
      },
    ),
  );
  // PKCE parameters, the raw scope and the resource indicators, for validate (oauth2orize's code grant knows none).
  server.grant('*', ((req: Request) => ({
    rawScope: req.query.scope,
    rawResource: req.query.resource,
    codeChallenge: req.query.code_challenge,
    codeChallengeMethod: req.query.code_challenge_method,
  })) as never);

  server.exchange(
    oauth2orize.exchange.clientCredentials<OAuthClientInfo>({}, (client, _scope, body: Record<string, unknown>, authInfo: unknown, done) =>
      deliver(done, issueClientCredentialsToken(svc, { client, scope: body.scope, address: addressOf(authInfo) })),
    ),
  );
  server.exchange(
    oauth2orize.exchange.authorizationCode<OAuthClientInfo>((client, code, redirectUri, body, authInfo, done) =>
      deliver(done, exchangeAuthorizationCode(svc, {
        client, code, redirectUri, codeVerifier: body.code_verifier, resource: body.resource, address: addressOf(authInfo),
      })),
    ),
  );
  server.exchange(
    oauth2orize.exchange.refreshToken<OAuthClientInfo>({}, (client, refreshToken, _scope, body: Record<string, unknown>, authInfo: unknown, done) =>
      deliver(done, refreshAccessToken(svc, { client, refreshToken, scope: body.scope, resource: body.resource, address: addressOf(authInfo) })),
    ),
  );
  return server;
}

/**
 * The authorization request after its redirect URI is trusted: PKCE, response type and scopes. Failures
 * keep client and redirect URI so oauth2orize redirects them back; an untrusted target never redirects.
 */
export function validateAuthorization(svc: Services) {
  return (areq: OAuth2Req, done: (err: Error | null, client?: OAuthClientInfo, redirectURI?: string) => void) => {
    const a = areq as AuthorizeRequest;
    checkAuthorizationTarget(svc, { clientId: a.clientID, redirectUri: a.redirectURI }).then(
      (client) => {
        try {
          const checked = checkAuthorizationRequest(svc, client, {
            responseType: a.type, scope: a.rawScope, codeChallenge: a.codeChallenge, codeChallengeMethod: a.codeChallengeMethod, resource: a.rawResource,
          });
          a.scopes = checked.scopes;
          a.resources = checked.resources;
          a.codeChallenge = checked.codeChallenge;
          done(null, client, a.redirectURI);
        } catch (err) {
          done(forRedirect(svc, err), client, a.redirectURI);
        }
      },
      (err: Error) => done(err),
    );
  };
}

export interface Txn {
  transactionID?: string;
  client: OAuthClientInfo;
  redirectURI: string;
  req: AuthorizeRequest;
}

/**
 * oauth2orize's transaction store, without server state: the pending request is sealed into the
 * transaction id itself, bound to the browser session (sid) and valid 10 minutes, so any API process
 * can continue it. A decision cannot be replayed: it spends its form's CSRF token server-side.
 */
export type TransactionStore = ReturnType<typeof transactionStore>;

export function transactionStore(svc: Services) {
  const expired = () => new OAuthError('invalid_request', 'This authorization request has expired or was started in another browser.');
  return {
    load(req: Request, cb: (err: Error | null, txn?: Txn) => void) {
      const tid = (req.query.transaction_id ?? (req.body as Record<string, unknown> | undefined)?.transaction_id) as unknown;
      const t = openAuthorizationTransaction(svc.config, tid, svc.clock.now());
      if (!t || t.sid !== req.oauthSession?.sid) return cb(expired());
      checkAuthorizationTarget(svc, { clientId: t.clientId, redirectUri: t.redirectUri }).then(
        (client) => cb(null, {
          transactionID: tid as string, client, redirectURI: t.redirectUri,
          req: {
            type: 'code', clientID: t.clientId, redirectURI: t.redirectUri, scope: t.scopes, scopes: t.scopes,
            state: t.state ?? undefined, codeChallenge: t.codeChallenge, resources: t.resources ?? [resourceOf(svc.config)],
          } as AuthorizeRequest,
        }),
        (err: Error) => cb(err),
      );
    },
    store(req: Request, txn: Txn, cb: (err: Error | null, tid?: string) => void) {
      const a = txn.req;
      cb(null, sealAuthorizationTransaction(svc.config, {
        sid: req.oauthSession!.sid, clientId: txn.client.metadataUrl ?? txn.client.id, redirectUri: txn.redirectURI, scopes: a.scopes!,
        state: typeof a.state === 'string' ? a.state : null, codeChallenge: a.codeChallenge as string, resources: a.resources!,
        exp: svc.clock.now().getTime() + AUTHORIZATION_TRANSACTION_TTL_MS,
      }));
    },
    update(_req: Request, tid: string, _txn: Txn, cb: (err: Error | null, tid?: string) => void) {
      cb(null, tid);
    },
    remove(_req: Request, _tid: string, cb: (err?: Error | null) => void) {
      cb();
    },
  };
}

/** Loads the transaction named by transaction_id into req.oauth2 (as oauth2orize's loader does). */
export function transactionLoader(store: TransactionStore): RequestHandler {
  return (req, _res, next) => {
    const r = req as Request & { oauth2?: Txn };
    if (r.oauth2) return next();
    store.load(req, (err, txn) => {
      if (err) return next(err);
      r.oauth2 = txn;
      next();
    });
  };
}

/** The client address tokenRoutes put in req.authInfo (oauth2orize hands it to each exchange): the IP allow-list checks it. */
function addressOf(authInfo: unknown): string | undefined {
  const address = (authInfo as { address?: unknown } | undefined)?.address;
  return typeof address === 'string' ? address : undefined;
}
