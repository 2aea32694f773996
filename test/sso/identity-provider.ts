import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider } from 'oidc-provider';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Config } from '../../src/platform/index';
import { ssoRedirectUri } from '../../src/sso/index';
import { testTls } from '../support/test-tls';

/** Who the test provider signs in next: its claims, and the amr it reports (RFC 8176). */
export interface TestAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
  amr?: string[];
}

/**
 * An in-process OpenID provider (oidc-provider) on https://127.0.0.1 (the test CA's certificate, which the test
 * runtime's outbound sender trusts; the service reaches it because the tests allow private targets), with one
 * confidential client whose redirect URIs are the service's two SSO callbacks. Its interaction is minimal: whoever
 * `signInAs` names is signed in at once (with that amr) and consent is implied, so a test drives the whole code
 * flow over HTTP. `connections` counts the sockets opened to it.
 */
export class TestIdentityProvider {
  account: TestAccount = { sub: 'nobody', email: 'nobody@example.invalid' };
  connections = 0;
  private constructor(readonly issuer: string, readonly clientId: string, readonly clientSecret: string, private readonly server: Server) {}

  /** A provider whose client may return to both of the service's SSO callbacks (the console's and the OAuth page's). */
  static forService(config: Config): Promise<TestIdentityProvider> {
    return TestIdentityProvider.start([ssoRedirectUri(config, 'console'), ssoRedirectUri(config, 'oauth')]);
  }

  static async start(redirectUris: string[]): Promise<TestIdentityProvider> {
    const server = createServer({ key: testTls().key, cert: testTls().cert });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const clientId = 'compliance-console';
    const clientSecret = `idp-secret-${Math.random().toString(36).slice(2)}`;
    const idp: TestIdentityProvider = new TestIdentityProvider(issuer, clientId, clientSecret, server);
    server.on('connection', () => { idp.connections++; });
    const provider = new Provider(issuer, {
      clients: [{
        client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      }],
      jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
      cookies: { keys: ['test cookie key of the identity provider'] },
      claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      ttl: { Session: 600, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: () => ({ sub, email: idp.account.email, email_verified: idp.account.emailVerified ?? true, name: idp.account.name ?? 'Test Person' }),
      }),
      // Consent is implied: the grant of the scopes asked for is made on the spot.
      loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string }; provider: { Grant: new (o: object) => TestGrant } } }) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    const callback = provider.callback();
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith('/interaction/')) {
        const a = idp.account;
        provider.interactionFinished(req, res, { login: { accountId: a.sub, ...(a.amr ? { amr: a.amr } : {}) } }, { mergeWithLastSubmission: false })
          .catch((err: Error) => { res.statusCode = 500; res.end(err.message); });
        return;
      }
      callback(req, res);
    });
    return idp;
  }

  signInAs(account: TestAccount): void {
    this.account = account;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

interface TestGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

/** Trusts the test CA, as a browser of the test would (the provider's certificate). */
const trustingTestCa = new Agent({ connect: { ca: testTls().ca } });

/**
 * A browser over several origins for the code flow: one cookie jar per host (paths ignored), no redirect
 * followed on its own (follow() walks them, across the service and the provider).
 */
export class FlowBrowser {
  readonly jars = new Map<string, Map<string, string>>();

  async get(url: string | URL, headers: Record<string, string> = {}): Promise<{ status: number; location: string | null; text: string; url: URL }> {
    const u = new URL(url);
    const jar = this.jar(u.host);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await undiciFetch(u, { redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) }, dispatcher: trustingTestCa });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/;\s*Max-Age=0(;|$)/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    return { status: res.status, location: location ? new URL(location, u).toString() : null, text: await res.text(), url: u };
  }

  /** GETs `url` and follows redirects (at most 10) until a URL for which `stop` says true, or a non-redirect. */
  async follow(url: string | URL, stop: (u: URL) => boolean = () => false): Promise<{ status: number; location: string | null; text: string; url: URL }> {
    let answer = await this.get(url);
    for (let i = 0; i < 10 && answer.location && [302, 303, 307].includes(answer.status) && !stop(new URL(answer.location)); i++) {
      answer = await this.get(answer.location);
    }
    return answer;
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar(host).get(name);
  }

  private jar(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }
}
