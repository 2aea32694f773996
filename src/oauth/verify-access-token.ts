import { createLocalJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { DomainError } from '../errors';
import type { AccessTokenCache } from './access-token-cache';
import type { Services } from '../services';
import { ACCESS_TOKEN_TYP, issuerOf } from './access-token';
import { resourceOf } from './resources';
import { SCOPES, type Scope } from './oauth-client.entity';
import type { TokenActor } from '../access/actor';
import { addressAllowed, addressNotAllowed } from '../access/index';
import type { Mode } from '../access/vocabulary';
import { ACCESS_TOKEN_ALG, publicJwks } from './signing-key';
import { isStale, touchClient, touchGrant } from './touch';

/** Leeway for clocks between processes when checking exp and nbf, seconds. */
const CLOCK_TOLERANCE_SECONDS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const invalid = (message = 'The access token is invalid.') => new DomainError('invalid_token', message);

type JwksResolver = ReturnType<typeof createLocalJWKSet>;
const resolvers = new Map<string, Promise<JwksResolver>>();
function resolverFor(svc: Services): Promise<JwksResolver> {
  let r = resolvers.get(svc.config.jwtSigningKeyPem);
  if (!r) {
    r = publicJwks(svc.config).then((jwks) => createLocalJWKSet(jwks));
    resolvers.set(svc.config.jwtSigningKeyPem, r);
  }
  return r;
}

interface LiveRow {
  client_org: string | null;
  client_kind: string;
  client_revoked: Date | null;
  client_last_used: Date | null;
  grant_org: string | null;
  grant_client: string | null;
  grant_member: string | null;
  grant_revoked: Date | null;
  grant_last_used: Date | null;
  member_removed: Date | null;
  jti_revoked: number | null;
  client_expires: Date | null;
  /** The token's tenant's IP allow-list (JSON), read with the rest so the cache-hit path has no query of its own. */
  allow_list: string | null;
  client_mode: Mode;
}

/**
 * The bearer check behind every /v1 and /mcp call. First the token itself: ES256 only (the allow-list:
 * `none`, HS256 and the rest are refused), a kid of our JWKS, typ at+jwt, iss, exp and nbf, and that its
 * audience names `resource` (RFC 8707: a token for the pull API is refused at /mcp and the other way round). Then that the
 * client is not revoked, the connected app is not disconnected, the member is still there and the jti
 * is not revoked, read live in MySQL or from this process's cache of that read, which every revocation
 * flushes in every process (AccessTokenCache). Throws invalid_token; returns the Actor the /v1 use
 * cases scope their queries with.
 */
export async function verifyAccessToken(
  svc: Services, token: string, resource: string = resourceOf(svc.config), from?: { address: string | undefined },
): Promise<TokenActor> {
  const payload = await verifiedPayload(svc, token);
  // The audience is checked on every call (not only once per token): a token is for the resources it names.
  if (!audienceOf(payload).includes(resource)) throw invalid('The access token was not issued for this resource.');
  const claims = readClaims(payload);
  const row = await liveRow(svc, claims);
  if (!row || row.client_revoked) throw invalid('The access token has been revoked.');
  if (row.jti_revoked) throw invalid('The access token has been revoked.');
  if (row.client_expires && new Date(row.client_expires).getTime() <= svc.clock.now().getTime()) throw invalid('The client credentials have expired.');
  if (claims.grantId) {
    if (row.client_kind !== 'connector' || row.grant_client !== claims.clientId || row.grant_org !== claims.orgId || row.grant_member !== claims.sub) {
      throw invalid();
    }
    if (row.grant_revoked || row.member_removed) throw invalid('The access token has been revoked.');
  } else if (row.client_kind !== 'api' || row.client_org !== claims.orgId || claims.sub !== claims.clientId) {
    throw invalid();
  }
  // The tenant's IP allow-list, when the caller says where the request came from (every /v1 call): forbidden.
  if (from && row.allow_list && !addressAllowed(JSON.parse(row.allow_list) as string[], from.address)) throw addressNotAllowed();
  const now = svc.clock.now();
  if (claims.grantId && isStale(row.grant_last_used, now)) {
    await touchGrant(svc, claims.orgId, claims.grantId, now);
    row.grant_last_used = now;
  } else if (!claims.grantId && isStale(row.client_last_used, now)) {
    await touchClient(svc, claims.clientId, now);
    row.client_last_used = now;
  }
  return claims.grantId
    ? { kind: 'connector', orgId: claims.orgId, clientId: claims.clientId, scopes: claims.scopes, grantId: claims.grantId, memberId: claims.sub, tokenId: claims.jti, mode: 'live' }
    : { kind: 'api_client', orgId: claims.orgId, clientId: claims.clientId, scopes: claims.scopes, tokenId: claims.jti, mode: row.client_mode === 'test' ? 'test' : 'live' };
}

/** The token's verified claims: jose's full check once per token and process, exp and nbf on every call. */
async function verifiedPayload(svc: Services, token: string): Promise<JWTPayload> {
  const cache = svc.accessTokenCache;
  const known = cache.verifiedClaims(token);
  if (known) {
    const now = Math.floor(svc.clock.now().getTime() / 1000);
    if (typeof known.exp === 'number' && known.exp <= now - CLOCK_TOLERANCE_SECONDS) throw invalid('The access token has expired.');
    if (typeof known.nbf === 'number' && known.nbf > now + CLOCK_TOLERANCE_SECONDS) throw invalid();
    return known;
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await resolverFor(svc), {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: issuerOf(svc.config),
      typ: ACCESS_TOKEN_TYP,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: svc.clock.now(),
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw invalid('The access token has expired.');
    if (err instanceof errors.JOSEError) throw invalid();
    throw err;
  }
  cache.rememberVerified(token, payload);
  return payload;
}

async function liveRow(svc: Services, claims: Claims): Promise<LiveRow | undefined> {
  const cache = svc.accessTokenCache as AccessTokenCache<LiveRow>;
  const key = `${claims.clientId} ${claims.grantId ?? ''} ${claims.jti}`;
  const nowMs = svc.clock.now().getTime();
  const hit = cache.liveRow(key, nowMs);
  if (hit) return hit;
  const generation = cache.beginLiveCheck();
  const rows = (await svc.db.query(
    `SELECT c.org_id AS client_org, c.kind AS client_kind, c.revoked_at AS client_revoked, c.last_used_at AS client_last_used, c.expires_at AS client_expires, c.mode AS client_mode,
            g.org_id AS grant_org, g.client_id AS grant_client, g.member_id AS grant_member, g.revoked_at AS grant_revoked,
            g.last_used_at AS grant_last_used, m.removed_at AS member_removed,
            (SELECT 1 FROM oauth_revoked_access_tokens r WHERE r.jti = ?) AS jti_revoked,
            (SELECT t.ip_allow_list FROM tenants t WHERE t.id = ?) AS allow_list
       FROM oauth_clients c
       LEFT JOIN oauth_grants g ON g.org_id = ? AND g.id = ?
       LEFT JOIN members m ON m.org_id = g.org_id AND m.id = g.member_id
      WHERE c.id = ?`,
    [claims.jti, claims.orgId, claims.orgId, claims.grantId ?? '', claims.clientId],
  )) as LiveRow[];
  const row = rows[0];
  if (row) cache.rememberLive(key, row, generation, nowMs);
  return row;
}

/** The token's audiences (aud is a string or an array of them). */
function audienceOf(p: JWTPayload): string[] {
  if (typeof p.aud === 'string') return [p.aud];
  return Array.isArray(p.aud) ? p.aud.filter((a): a is string => typeof a === 'string') : [];
}

interface Claims {
  jti: string;
  sub: string;
  clientId: string;
  orgId: string;
  scopes: Scope[];
  grantId: string | null;
}

function readClaims(p: JWTPayload): Claims {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const jti = str(p.jti);
  const sub = str(p.sub);
  const clientId = str(p.client_id);
  const orgId = str(p.org_id);
  const scope = str(p.scope);
  const grantId = p.grant_id === undefined ? null : str(p.grant_id);
  if (!jti || !UUID.test(jti) || !sub || !clientId || !orgId || !UUID.test(orgId) || scope === null) throw invalid();
  if (p.grant_id !== undefined && (!grantId || !UUID.test(grantId))) throw invalid();
  const scopes = scope.split(' ').filter(Boolean);
  if (scopes.some((s) => !SCOPES.includes(s as Scope))) throw invalid();
  return { jti, sub, clientId, orgId, scopes: scopes as Scope[], grantId };
}
