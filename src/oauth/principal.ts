import { DomainError } from '../errors';
import type { Scope } from './oauth-client.entity';

/**
 * Who is calling the pull API: established by the bearer check from a verified access token whose
 * client (and grant) is still live. Every use case behind /v1 takes one and scopes its queries to orgId.
 */
export interface Principal {
  orgId: string;
  clientId: string;
  scopes: Scope[];
  /** The connected app, for authorization-code tokens; null for client credentials. */
  grantId: string | null;
  /** The member who consented, for authorization-code tokens. */
  memberId: string | null;
  /** The access token's jti. */
  tokenId: string;
}

/** Throws insufficient_scope (403, naming the scope) unless the principal holds `scope`. */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) {
    throw new DomainError('insufficient_scope', `This request requires the scope ${scope}.`, { scope });
  }
}
