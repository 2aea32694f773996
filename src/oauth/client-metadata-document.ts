import { LRUCache } from 'lru-cache';
import type { Tx } from '../db/transaction';
import { crossTenant } from '../db/cross-tenant';
import { DomainError } from '../errors';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { resolveAndCheck, UrlCheckFailure } from '../security/url-guard';
import type { OAuthClientInfo } from './client-info';
import { OAuthClient, type Scope } from './oauth-client.entity';
import { redirectUriProblem } from './register-connector';

/** Largest client metadata document read, bytes (the draft suggests 5 KB; names and a few URIs fit). */
export const CLIENT_METADATA_MAX_BYTES = 8 * 1024;
/** Budget for obtaining one document, DNS lookup, connect, headers and body together, ms. */
export const CLIENT_METADATA_TIMEOUT_MS = 5_000;
/** How long a fetched document is used when its response says nothing about caching. */
export const CLIENT_METADATA_CACHE_MS = 60 * 60_000;
/** Bounds of a document's cache lifetime, whatever its Cache-Control says (no-store and max-age=0 get the floor). */
export const CLIENT_METADATA_MIN_CACHE_MS = 5 * 60_000;
export const CLIENT_METADATA_MAX_CACHE_MS = 24 * 60 * 60_000;
/** Documents held per process (least recently used dropped first). */
const CLIENT_METADATA_CACHE_ENTRIES = 1_000;
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
/** One answer for every way a fetch can fail (status, refused connection, TLS, DNS): the page never echoes the remote side. */
const NOT_FETCHED = 'it could not be fetched. It must answer an HTTPS GET with 200 and the JSON document.';
const TOO_SLOW = `it could not be fetched within ${CLIENT_METADATA_TIMEOUT_MS / 1000} seconds.`;

interface ReadDocument {
  name: string;
  redirectUris: string[];
}

// The documents read recently, per configuration (that is, per process and service instance).
const caches = new WeakMap<object, LRUCache<string, ReadDocument>>();
function cacheOf(svc: Services): LRUCache<string, ReadDocument> {
  let c = caches.get(svc.config);
  if (!c) {
    // Lifetimes run on the service's clock (tests move it).
    c = new LRUCache<string, ReadDocument>({
      max: CLIENT_METADATA_CACHE_ENTRIES, ttl: CLIENT_METADATA_CACHE_MS, ttlResolution: 0, perf: { now: () => svc.clock.now().getTime() },
    });
    caches.set(svc.config, c);
  }
  return c;
}

/**
 * How long a document may be used, from its response's Cache-Control: max-age (seconds), no-store or
 * no-cache (the floor), nothing said (CLIENT_METADATA_CACHE_MS); always within
 * CLIENT_METADATA_MIN_CACHE_MS..CLIENT_METADATA_MAX_CACHE_MS, so that neither the publisher nor anyone
 * naming its URL makes the service fetch it more often than every five minutes.
 */
export function cacheLifetimeMs(cacheControl: string | null | undefined): number {
  if (!cacheControl) return CLIENT_METADATA_CACHE_MS;
  const directives = cacheControl.toLowerCase().split(',').map((d) => d.trim());
  if (directives.some((d) => d === 'no-store' || d === 'no-cache')) return CLIENT_METADATA_MIN_CACHE_MS;
  const maxAge = directives.map((d) => /^max-age\s*=\s*"?(\d+)"?$/.exec(d)).find((m) => m);
  if (!maxAge) return CLIENT_METADATA_CACHE_MS;
  return Math.min(CLIENT_METADATA_MAX_CACHE_MS, Math.max(CLIENT_METADATA_MIN_CACHE_MS, Number(maxAge[1]) * 1000));
}

/**
 * The connector of a metadata-document client_id, for an authorization request: the copy read within
 * its cache lifetime (cacheLifetimeMs), else the document fetched through the webhooks' SSRF guard
 * (https, public addresses only, connected to the checked address; at most CLIENT_METADATA_MAX_BYTES, no
 * redirects; lookup and fetch together within CLIENT_METADATA_TIMEOUT_MS). The document must name this
 * URL as its client_id, list its redirect_uris and be a public client (token_endpoint_auth_method none).
 * Nothing is stored: the oauth_clients row is written when a member consents (saveMetadataDocumentClient).
 * Throws `forbidden` (the authorization page shows it and redirects nowhere).
 */
export async function resolveMetadataDocumentClient(svc: Services, clientId: string): Promise<OAuthClientInfo> {
  const id = metadataClientKey(clientId);
  const stored = await crossTenant(svc.db.manager, 'service-operator').findOneBy(OAuthClient, { id });
  if (stored?.revokedAt) throw refused('it has been blocked by the service operator.');
  const cache = cacheOf(svc);
  let doc = cache.get(clientId);
  if (!doc) {
    const fetched = await fetchDocument(svc, clientId);
    doc = readDocument(fetched.doc, clientId);
    cache.set(clientId, doc, { ttl: fetched.lifetimeMs });
  }
  return {
    id, kind: 'connector', orgId: null, name: doc.name, scopes: [...METADATA_CLIENT_SCOPES], redirectUris: [...doc.redirectUris], isPublic: true, metadataUrl: clientId,
  };
}

/**
 * A member consented to a metadata-document connector: its oauth_clients row is written now (or
 * refreshed), in the consent's transaction, so the token endpoint knows the client from then on.
 */
export async function saveMetadataDocumentClient(tx: Tx, client: OAuthClientInfo, now: Date): Promise<void> {
  if (!client.metadataUrl) return;
  await tx.manager.query(
    `INSERT INTO oauth_clients (id, org_id, kind, name, secret_hash, scopes, redirect_uris, created_at, metadata_url, metadata_fetched_at)
     VALUES (?, NULL, 'connector', ?, NULL, ?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE name = VALUES(name), redirect_uris = VALUES(redirect_uris), metadata_fetched_at = VALUES(metadata_fetched_at)`,
    [client.id, client.name, JSON.stringify(METADATA_CLIENT_SCOPES), JSON.stringify(client.redirectUris), now, client.metadataUrl, now],
  );
}

/** The stored connector of a metadata-document client_id (the token endpoint: known once a member consented). */
export async function findMetadataDocumentClient(svc: Services, clientId: string): Promise<OAuthClient | null> {
  return crossTenant(svc.db.manager, 'service-operator').findOneBy(OAuthClient, { id: metadataClientKey(clientId), metadataUrl: clientId });
}

/** Runs `work` with a deadline: past it, the answer is TOO_SLOW whatever `work` is still waiting for (a lookup included). */
async function withinDeadline<T>(ms: number, work: (msLeft: () => number) => Promise<T>): Promise<T> {
  const end = Date.now() + ms;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(refused(TOO_SLOW)), ms);
  });
  try {
    return await Promise.race([work(() => Math.max(1, end - Date.now())), expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchDocument(svc: Services, clientId: string): Promise<{ doc: unknown; lifetimeMs: number }> {
  const host = new URL(clientId).host;
  const fail = (detail: string) => {
    svc.log.info({ host, detail }, 'client metadata document not fetched');
    return refused(NOT_FETCHED);
  };
  const res = await withinDeadline(CLIENT_METADATA_TIMEOUT_MS, async (msLeft) => {
    let checked;
    try {
      checked = await resolveAndCheck(svc, new URL(clientId));
    } catch (err) {
      if (err instanceof UrlCheckFailure && err.kind === 'unsafe') throw refused('its URL must not target a private or loopback address.');
      if (err instanceof UrlCheckFailure) throw fail(err.message);
      throw err;
    }
    return svc.webhookSender.send({
      url: checked.url, address: checked.address, method: 'GET',
      headers: { accept: 'application/json', 'user-agent': 'Service-OAuth/1.0' }, timeoutMs: msLeft(),
    });
  });
  if (res.status !== 200) throw fail(res.status === 0 ? res.error ?? 'no response' : `HTTP ${res.status}`);
  const body = res.body ?? '';
  if (Buffer.byteLength(body) > CLIENT_METADATA_MAX_BYTES) throw refused(`it is larger than ${CLIENT_METADATA_MAX_BYTES} bytes.`);
  try {
    return { doc: JSON.parse(body) as unknown, lifetimeMs: cacheLifetimeMs(res.cacheControl) };
  } catch {
    throw refused('it is not JSON.');
  }
}

function readDocument(doc: unknown, clientId: string): ReadDocument {
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
