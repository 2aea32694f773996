import { auditName, authorize, requireStepUp, can, principalMode, TEST_CLIENT_PREFIX, type Actor, type Mode } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { DomainError, type ValidationDetail } from '../errors';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { getTenant } from '../tenants/index';
import { requireText, throwIfAny } from '../validation';
import { DEFAULT_CLIENT_SCOPES, ELEVATED_CLIENT_SCOPES, OAuthClient, SCOPES, type Scope } from './oauth-client.entity';

export interface CreatedClient {
  clientId: string;
  /** Shown once; only its hash is stored. Null for a public connector. */
  clientSecret: string | null;
  scopes: Scope[];
  /** Test credentials (client id `test_…`) see and make test data only. */
  mode: Mode;
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

/** The refusal of elevated scopes to a caller below compliance admin (null when none is asked for or the caller may). */
export function elevatedScopeRefusal(actor: Actor, scopes: readonly Scope[]): DomainError | null {
  const elevated = scopes.filter((s) => ELEVATED_CLIENT_SCOPES.includes(s));
  if (!elevated.length || can(actor, 'credentials:grant_elevated')) return null;
  return new DomainError('forbidden', `Only a compliance admin may grant the scopes ${elevated.join(', ')} to API credentials.`);
}

/**
 * Mints pull-API credentials for a tenant (client credentials grant). The secret has 256 bits. Any
 * analyst may mint the contract's scopes; the elevated ones (ELEVATED_CLIENT_SCOPES) need a compliance
 * admin, and without named scopes an analyst gets the defaults less those. An optional expiry (in the
 * future) ends them by itself. The creating member is kept, so removing them tells the admins.
 * Test credentials (`mode: 'test'`, the default for a member whose console shows test data) get a client id
 * starting `test_`: they see and make the tenant's test data only (docs/test-mode.md).
 */
export async function createApiClient(
  svc: Services,
  actor: Actor,
  input: { name: string; scopes?: string | string[]; expiresAt?: Date | null; mode?: Mode },
): Promise<CreatedClient> {
  authorize(actor, 'credentials:manage');
  requireStepUp(actor);
  const now = svc.clock.now();
  const details: ValidationDetail[] = [];
  const name = requireText(details, 'name', input.name, 200);
  const mayElevate = can(actor, 'credentials:grant_elevated');
  const dflt = mayElevate ? DEFAULT_CLIENT_SCOPES : DEFAULT_CLIENT_SCOPES.filter((s) => !ELEVATED_CLIENT_SCOPES.includes(s));
  const scopes = parseScopes(details, input.scopes, dflt);
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime())) {
    details.push({ path: 'expiresAt', message: 'must be in the future' });
  }
  throwIfAny(details);
  const refusal = elevatedScopeRefusal(actor, scopes);
  if (refusal) throw refusal;
  await getTenant(svc, actor.orgId);
  const mode = input.mode ?? principalMode(actor);
  const clientId = `${mode === 'test' ? TEST_CLIENT_PREFIX : 'cli_'}${randomToken(16)}`;
  const clientSecret = randomToken(32);
  await inTransaction(svc, async (tx) => {
    await tx.manager.insert(OAuthClient, {
      id: clientId, orgId: actor.orgId, kind: 'api', name, secretHash: sha256Hex(clientSecret), scopes, mode, redirectUris: [],
      createdAt: now, createdByMemberId: actor.kind === 'member' ? actor.memberId : null, lastUsedAt: null, revokedAt: null, expiresAt,
    });
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'api_client.created', details: { clientId, name, scopes, ...(mode === 'test' ? { mode } : {}), ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) }, at: now,
    });
  });
  return { clientId, clientSecret, scopes, mode };
}
