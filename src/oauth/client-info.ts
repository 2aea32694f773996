import type { OAuthClient, Scope } from './oauth-client.entity';

/** What the OAuth endpoints know of a client once it is identified: never its secret hash. */
export interface OAuthClientInfo {
  id: string;
  kind: 'api' | 'connector';
  /** The tenant of an API client; null for a connector (its tenant comes from each grant). */
  orgId: string | null;
  name: string;
  scopes: Scope[];
  redirectUris: string[];
  /** A public client (no secret) authenticates with client_id alone and must use PKCE. */
  isPublic: boolean;
  /** A connector known by its Client ID Metadata Document: that URL (its client_id on the wire); else null. */
  metadataUrl: string | null;
}

export function toClientInfo(c: OAuthClient): OAuthClientInfo {
  return { id: c.id, kind: c.kind, orgId: c.orgId, name: c.name, scopes: c.scopes, redirectUris: c.redirectUris, isPublic: c.secretHash === null, metadataUrl: c.metadataUrl };
}
