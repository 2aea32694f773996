import oauth2orize, { type ExchangeDoneFunction } from 'oauth2orize';
import { issueClientCredentialsToken, type OAuthClientInfo, type Services, type TokenResponse } from '../../src/index';

/** Hands a use case's token response to oauth2orize's `issued` callback (which writes it with no-store). */
function deliver(done: ExchangeDoneFunction, work: Promise<TokenResponse>): void {
  work.then(
    ({ access_token, ...params }) => done(null, access_token, undefined, params),
    (err: Error) => done(err),
  );
}

/**
 * The oauth2orize server: it parses the grants and writes token responses; the decisions (who may
 * have what) are the domain's use cases. Errors go to rest/oauth's own handler, never to oauth2orize's.
 */
export function createOAuth2Server(svc: Services): oauth2orize.OAuth2Server<OAuthClientInfo> {
  const server = oauth2orize.createServer<OAuthClientInfo>();

  server.exchange(
    oauth2orize.exchange.clientCredentials<OAuthClientInfo>({}, (client, _scope, body: Record<string, unknown>, done) =>
      deliver(done, issueClientCredentialsToken(svc, { client, scope: body.scope })),
    ),
  );

  return server;
}
