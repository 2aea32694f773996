import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { findCasePkById, lockCaseForPurge } from './retention.repository';
import { findActiveLegalHold, insertLegalHold, releaseActiveLegalHold, type LegalHold } from './schedules.repository';

export type LegalHoldView = LegalHold;

const MAX_REASON = 2000;

async function caseOf(svc: Services, orgId: string, caseId: string): Promise<number> {
  const pk = typeof caseId === 'string' ? await findCasePkById(forTenant(svc.db, orgId), caseId) : null;
  if (pk === null) throw DomainError.notFound('Case');
  return pk;
}

/**
 * Places a legal hold on a case (mlro or above), audited as `case.legal_hold.set` with the reason: while it
 * stands, nothing purges the case's personal data (the retention schedule, zero retention, an erasure
 * request). A case already on hold keeps its hold (CONFLICT).
 */
export async function setLegalHold(svc: Services, actor: Actor, input: { caseId: string; reason: string }): Promise<LegalHoldView> {
  authorize(actor, 'legal_hold:manage');
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason || reason.length > MAX_REASON) throw DomainError.validation([{ path: 'reason', message: `must say why, in 1 to ${MAX_REASON} characters` }]);
  const casePk = await caseOf(svc, actor.orgId, input.caseId);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = (await lockCaseForPurge(db, casePk))!;
    if (await findActiveLegalHold(db, casePk)) throw new DomainError('conflict', `Case ${c.caseId} is already on legal hold; release it first to change the reason.`);
    const hold = { reason, placedBy: auditName(actor), placedAt: svc.clock.now() };
    await insertLegalHold(db, casePk, hold);
    await recordAudit(tx, { orgId: actor.orgId, actor: hold.placedBy, action: 'case.legal_hold.set', details: { caseId: c.caseId, reason }, at: hold.placedAt });
    return hold;
  });
}

/** Releases a case's legal hold (mlro or above), audited as `case.legal_hold.released`; a case not on hold: CONFLICT. */
export async function releaseLegalHold(svc: Services, actor: Actor, input: { caseId: string }): Promise<{ caseId: string; releasedAt: Date }> {
  authorize(actor, 'legal_hold:manage');
  const casePk = await caseOf(svc, actor.orgId, input.caseId);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = (await lockCaseForPurge(db, casePk))!;
    const now = svc.clock.now();
    const hold = await findActiveLegalHold(db, casePk);
    if (!hold || !(await releaseActiveLegalHold(db, casePk, auditName(actor), now))) throw new DomainError('conflict', `Case ${c.caseId} is not on legal hold.`);
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'case.legal_hold.released', details: { caseId: c.caseId, reason: hold.reason, placedBy: hold.placedBy }, at: now });
    return { caseId: c.caseId, releasedAt: now };
  });
}

/** A case's active legal hold (anyone who may read the case; the case page shows it), or null. */
export async function findCaseLegalHold(svc: Services, actor: Actor, casePk: number): Promise<LegalHoldView | null> {
  authorize(actor, 'cases:read');
  return findActiveLegalHold(forTenant(svc.db, actor), casePk);
}
