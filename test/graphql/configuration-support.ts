import { expect } from 'chai';
import { authorizeInBrowser, basic, decodeJwt, newConnector, pkce, post } from '../oauth/harness';
import type { ConsoleHarness, TestMember } from './harness';

/** Selections the configuration tests ask for: every field of each type. */
export const ENDPOINT = 'id url label eventTypes active createdAt updatedAt';
export const TEST_RESULT = 'ok httpStatus error body durationMs eventId';
export const DELIVERY = `id endpointId eventId eventType state attemptCount nextAttemptAt lastHttpStatus lastError createdAt completedAt payload
  attempts { number httpStatus durationMs error responseBody startedAt finishedAt }`;
export const API_CLIENT = 'clientId name scopes createdAt lastUsedAt';
export const CONNECTED_APP = 'grantId clientId appName connectedBy { id email name } scopes createdAt lastUsedAt';
export const ORGANISATION = 'id name fourEyes fullParityEntitled fullParityEnabled';

const REDIRECT = 'https://assistant.example/callback';

/**
 * Connects an AI-assistant connector for `member` the way a person does (authorize, sign in, consent,
 * code exchange), over the harness's real HTTP app. Returns the grant (connected app) and its tokens.
 */
export async function connectApp(h: ConsoleHarness, member: TestMember, scope = 'read:cases') {
  const connector = await newConnector(h.svc, [REDIRECT]);
  const { verifier, challenge } = pkce();
  const server = { url: h.url, svc: h.svc, close: async () => undefined };
  const { redirect } = await authorizeInBrowser(server, { clientId: connector.clientId, redirectUri: REDIRECT, challenge, method: 'S256', scope, state: 's' }, member);
  const tokens = await post(h.url, '/v1/oauth/token', {
    form: { grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier },
  }, { authorization: basic(connector.clientId, connector.clientSecret!) });
  expect(tokens.status, tokens.text).to.equal(200);
  const accessToken = tokens.body.access_token as string;
  return {
    clientId: connector.clientId, clientSecret: connector.clientSecret!, grantId: decodeJwt(accessToken).payload.grant_id as string, accessToken,
    refreshToken: tokens.body.refresh_token as string,
  };
}

/** A client-credentials token at the real token endpoint, or the endpoint's error answer. */
export async function tokenFor(h: ConsoleHarness, clientId: string, clientSecret: string) {
  return post(h.url, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });
}

/** GET on the pull API with a bearer token. */
export async function pull(h: ConsoleHarness, path: string, token: string) {
  const res = await fetch(`${h.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
