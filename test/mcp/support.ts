import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { mcpRoutes } from '../../mcp/index';
import { Browser, hiddenInputs, startServer, type Harness } from '../oauth/harness';
import { testTls } from '../support/test-tls';

export const REDIRECT = 'https://assistant.example/oauth/callback';

/** The MCP server mounted on the real app (rest/ and its OAuth endpoints), BASE_URL its own address. */
export function startMcpServer(config: Parameters<typeof startServer>[0] = {}): Promise<Harness> {
  return startServer({ ...config, mount: (app, svc) => app.use(mcpRoutes(svc)) });
}

/**
 * An assistant's OAuth client provider, in memory: the SDK asks it for the client, tokens and PKCE
 * verifier, and hands it the authorization URL to open (kept here for the test's browser).
 */
export class TestProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  readonly clientMetadataUrl?: string;

  constructor(options: { client?: OAuthClientInformationMixed; clientMetadataUrl?: string } = {}) {
    this.client = options.client;
    this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test Assistant', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * The member's side of the authorization: the sign-in page, the consent page, Allow; returns the code
 * of the redirect back to the assistant and the consent page's HTML.
 */
export async function consentInBrowser(h: Harness, authorizationUrl: URL, member: { email: string; password: string }): Promise<{ code: string; consent: string }> {
  expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).to.equal(`${h.url}/v1/oauth/authorize`);
  const browser = new Browser(h.url);
  const signInPage = await browser.get(`${authorizationUrl.pathname}${authorizationUrl.search}`);
  expect(signInPage.status, signInPage.text).to.equal(200);
  const signedIn = await browser.post('/v1/oauth/sign-in', { ...hiddenInputs(signInPage.text), email: member.email, password: member.password });
  expect(signedIn.status, signedIn.text).to.equal(303);
  const consent = await browser.get(signedIn.location!);
  expect(consent.status).to.equal(200);
  const decided = await browser.post('/v1/oauth/authorize/decision', { ...hiddenInputs(consent.text), decision: 'allow' });
  expect(decided.status, decided.text).to.equal(302);
  const back = new URL(decided.location!);
  expect(`${back.origin}${back.pathname}`).to.equal(REDIRECT);
  expect(back.searchParams.get('state')).to.equal(authorizationUrl.searchParams.get('state'));
  return { code: back.searchParams.get('code')!, consent: consent.text };
}

/**
 * Connects an MCP client the way an assistant does: the first connect meets the 401, the SDK discovers
 * the authorization server from it and "opens" the authorization URL; the member consents; the SDK
 * exchanges the code (PKCE, resource) and connects again.
 */
export async function connectAssistant(h: Harness, provider: TestProvider, member: { email: string; password: string }) {
  const url = new URL(`${h.url}/mcp`);
  const first = new Client({ name: 'test-assistant', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  let refused: unknown = null;
  try {
    await first.connect(transport);
  } catch (err) {
    refused = err;
  }
  expect(refused, 'the first connect meets the 401').to.be.instanceOf(UnauthorizedError);
  const authorizationUrl = provider.authorizationUrl!;
  const { code, consent } = await consentInBrowser(h, authorizationUrl, member);
  await transport.finishAuth(code);
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return { client, consent, authorizationUrl, tokens: provider.tokens()! };
}

/**
 * A local HTTPS server (the run's test CA) answering every GET with `body`; counts its requests. `respond`
 * may set the status and headers of an answer (Cache-Control, an error status).
 */
export async function metadataServer(
  body: (url: string) => unknown,
  respond: (url: string) => { status?: number; headers?: Record<string, string> } = () => ({}),
): Promise<{ url: string; hits: number; close(): Promise<void> }> {
  const tls = testTls();
  const state = { url: '', hits: 0, close: async () => {} };
  const server: Server = createHttpsServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    state.hits++;
    const url = `${state.url}${req.url}`;
    const { status, headers } = respond(url);
    res.statusCode = status ?? 200;
    for (const [k, v] of Object.entries(headers ?? {})) res.setHeader(k, v);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  return state;
}
