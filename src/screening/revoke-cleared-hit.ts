import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { findActiveClearedPair, revokeClearedPair } from './cleared-pairs.repository';
import { clearedHitView, type ClearedHitView } from './screening-views';

/**
 * An MLRO or compliance admin revokes a cleared pair: the next screening of that subject raises the
 * entity again (as an ordinary hit). Written to the configuration audit log (`cleared_hit.revoked`).
 * An unknown id, another tenant's, or one no longer active is not found.
 */
export async function revokeClearedHit(svc: Services, actor: Actor, id: string): Promise<ClearedHitView> {
  authorize(actor, 'cleared_hits:revoke');
  if (!/^[1-9]\d{0,15}$/.test(id)) throw DomainError.notFound('Cleared hit');
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const now = svc.clock.now();
    const pair = await findActiveClearedPair(db, Number(id));
    if (!pair || !(await revokeClearedPair(db, pair.id, auditName(actor), now))) throw DomainError.notFound('Cleared hit');
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'cleared_hit.revoked',
      details: { clearedHitId: pair.id, entityId: pair.entityId, caseId: pair.caseId, hitId: pair.hitId, clearedBy: pair.clearedBy },
      at: now,
    });
    return clearedHitView(pair);
  });
}
