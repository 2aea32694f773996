import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import type { ValidationDetail } from '../errors';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { getTenant } from '../tenants/find-tenant';
import { requireText, throwIfAny } from '../validation';
import { DEFAULT_CLIENT_SCOPES, OAuthClient, SCOPES, type Scope } from './oauth-client.entity';

export interface CreatedClient {
  clientId: string;
  /** Shown once; only its hash is stored. Null for a public connector. */
  clientSecret: string | null;
  scopes: Scope[];
}

/** Parses a space- or comma-separated scope list, reporting unknown scopes. */
export function parseScopes(details: ValidationDetail[], raw: string | string[] | undefined, dflt: Scope[]): Scope[] {
  if (raw === undefined) return [...dflt];
  const list = (Array.isArray(raw) ? raw : raw.split(/[\s,]+/)).filter(Boolean);
  const unknown = list.filter((s) => !SCOPES.includes(s as Scope));
  if (unknown.length) details.push({ path: 'scopes', message: `unknown scope(s): ${unknown.join(', ')}; known: ${SCOPES.join(' ')}` });
  if (!list.length) details.push({ path: 'scopes', message: 'must name at least one scope' });
  return [...new Set(list)] as Scope[];
}

/** Mints pull-API credentials for a tenant (client credentials grant). The secret has 256 bits. */
export async function createApiClient(
  svc: Services,
  actor: Actor,
  input: { name: string; scopes?: string | string[] },
): Promise<CreatedClient> {
  authorize(actor, 'credentials:manage');
  const details: ValidationDetail[] = [];
  const name = requireText(details, 'name', input.name, 200);
  const scopes = parseScopes(details, input.scopes, DEFAULT_CLIENT_SCOPES);
  throwIfAny(details);
  await getTenant(svc, actor.orgId);
  const clientId = `cli_${randomToken(16)}`;
  const clientSecret = randomToken(32);
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    await tx.manager.insert(OAuthClient, {
      id: clientId, orgId: actor.orgId, kind: 'api', name, secretHash: sha256Hex(clientSecret), scopes, redirectUris: [],
      createdAt: now, lastUsedAt: null, revokedAt: null,
    });
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'api_client.created', details: { clientId, name, scopes }, at: now });
  });
  return { clientId, clientSecret, scopes };
}
