import { DomainError } from '../errors';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { resolveAndCheck, UrlCheckFailure } from '../webhooks/url-guard';
import { toClientInfo, type OAuthClientInfo } from './client-info';
import { OAuthClient, type Scope } from './oauth-client.entity';
import { redirectUriProblem } from './register-connector';

/** Largest client metadata document read, bytes (the draft suggests 5 KB; names and a few URIs fit). */
export const CLIENT_METADATA_MAX_BYTES = 8 * 1024;
/** Budget for fetching one document (connect, headers and body), ms. */
export const CLIENT_METADATA_TIMEOUT_MS = 5_000;
/** How long a fetched document is used before it is fetched again (at the next authorization request). */
export const CLIENT_METADATA_CACHE_MS = 60 * 60_000;
/** What an assistant connected through its metadata document may be granted: read access only. */
export const METADATA_CLIENT_SCOPES: Scope[] = ['read:cases', 'read:documents', 'read:events', 'read:decisions', 'read:screening', 'read:full_case'];

/**
 * Whether a client_id is a Client ID Metadata Document URL (draft-ietf-oauth-client-id-metadata-document):
 * https, with a path, no fragment, no credentials, no dot segments.
 */
export function isMetadataDocumentClientId(clientId: unknown): clientId is string {
  if (typeof clientId !== 'string' || !clientId.startsWith('https://') || clientId.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.hash || clientId.includes('#') || url.username || url.password) return false;
  if (url.pathname === '/' || /\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length))) return false;
  return true;
}

/** The oauth_clients id of a metadata-document client: derived from its URL (which may be too long for the column). */
export function metadataClientKey(url: string): string {
  return `cimd_${sha256Hex(url).slice(0, 40)}`;
}

const refused = (reason: string) => new DomainError('forbidden', `The application's client metadata document cannot be used: ${reason}`);

/**
 * The connector of a metadata-document client_id, for an authorization request: the stored copy while
 * it is fresh (CLIENT_METADATA_CACHE_MS), else the document fetched again through the webhooks' SSRF guard
 * (https, public addresses only, connected to the checked address; at most CLIENT_METADATA_MAX_BYTES within
 * CLIENT_METADATA_TIMEOUT_MS, no redirects) and stored. The document must name this URL as its client_id,
 * list its redirect_uris and be a public client (token_endpoint_auth_method none). Throws `forbidden`
 * (the authorization page shows it and redirects nowhere).
 */
export async function resolveMetadataDocumentClient(svc: Services, clientId: string): Promise<OAuthClientInfo> {
  const id = metadataClientKey(clientId);
  const now = svc.clock.now();
  const stored = await svc.db.manager.findOneBy(OAuthClient, { id });
  if (stored?.revokedAt) throw refused('it has been blocked by the service operator.');
  if (stored?.metadataFetchedAt && now.getTime() - stored.metadataFetchedAt.getTime() < CLIENT_METADATA_CACHE_MS) return toClientInfo(stored);

  const doc = await fetchDocument(svc, clientId);
  const { name, redirectUris } = readDocument(doc, clientId);
  await svc.db.query(
    `INSERT INTO oauth_clients (id, org_id, kind, name, secret_hash, scopes, redirect_uris, created_at, metadata_url, metadata_fetched_at)
     VALUES (?, NULL, 'connector', ?, NULL, ?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE name = VALUES(name), redirect_uris = VALUES(redirect_uris), metadata_fetched_at = VALUES(metadata_fetched_at)`,
    [id, name, JSON.stringify(METADATA_CLIENT_SCOPES), JSON.stringify(redirectUris), now, clientId, now],
  );
  const row = await svc.db.manager.findOneByOrFail(OAuthClient, { id });
  if (row.revokedAt) throw refused('it has been blocked by the service operator.');
  return toClientInfo(row);
}

/** The stored connector of a metadata-document client_id (the token endpoint: the document was read at authorize). */
export async function findMetadataDocumentClient(svc: Services, clientId: string): Promise<OAuthClient | null> {
  return svc.db.manager.findOneBy(OAuthClient, { id: metadataClientKey(clientId), metadataUrl: clientId });
}

async function fetchDocument(svc: Services, clientId: string): Promise<unknown> {
  let checked;
  try {
    checked = await resolveAndCheck(svc, new URL(clientId));
  } catch (err) {
    if (err instanceof UrlCheckFailure) throw refused(err.kind === 'unsafe' ? 'its URL must not target a private or loopback address.' : err.message);
    throw err;
  }
  const res = await svc.webhookSender.send({
    url: checked.url, address: checked.address, method: 'GET',
    headers: { accept: 'application/json', 'user-agent': 'Service-OAuth/1.0' }, timeoutMs: CLIENT_METADATA_TIMEOUT_MS,
  });
  if (res.status === 0) throw refused(res.error ?? 'it could not be fetched.');
  if (res.status !== 200) throw refused(`fetching it answered HTTP ${res.status}.`);
  const body = res.body ?? '';
  if (Buffer.byteLength(body) > CLIENT_METADATA_MAX_BYTES) throw refused(`it is larger than ${CLIENT_METADATA_MAX_BYTES} bytes.`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw refused('it is not JSON.');
  }
}

function readDocument(doc: unknown, clientId: string): { name: string; redirectUris: string[] } {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw refused('it is not a JSON object.');
  const d = doc as Record<string, unknown>;
  if (d.client_id !== clientId) throw refused('its client_id is not the URL it was fetched from.');
  if (d.client_secret !== undefined || d.client_secret_expires_at !== undefined) throw refused('it must not contain a client secret.');
  if (d.token_endpoint_auth_method !== undefined && d.token_endpoint_auth_method !== 'none') {
    throw refused('only public clients (token_endpoint_auth_method "none") are supported.');
  }
  const uris = d.redirect_uris;
  if (!Array.isArray(uris) || !uris.length || uris.length > 10 || uris.some((u) => typeof u !== 'string' || redirectUriProblem(u) !== null)) {
    throw refused('redirect_uris must list 1 to 10 https redirect URIs (http only on a loopback host).');
  }
  const host = new URL(clientId).host;
  const given = typeof d.client_name === 'string' ? d.client_name.replace(/\s+/g, ' ').trim().slice(0, 120) : '';
  // The host is always shown: the name alone is whatever the document says.
  return { name: given ? `${given} (${host})` : host, redirectUris: uris as string[] };
}
