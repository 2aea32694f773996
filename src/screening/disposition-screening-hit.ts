import { forTenant } from '../db/index';
import { findCaseRow, lockCase } from '../cases/index';
import { recountCaseScreening } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { auditName, authorize, type Actor } from '../access/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { screeningHitView } from './screening-views';
import { DispositionRequestSchema, type ScreeningHitView } from './screening.wire';
import { findHit, updateHitDisposition } from './screening.repository';

/**
 * Records a client's disposition on a screening hit (the API client is the actor,
 * `api_client:<clientId>`), and recomputes the case's screening summary: a hit dispositioned
 * `false_positive` no longer counts. A later disposition replaces an earlier one.
 */
export async function dispositionScreeningHit(
  svc: Services, actor: Actor, caseId: string, body: unknown,
): Promise<ScreeningHitView> {
  authorize(actor, 'screening:disposition');
  const input = assertSchema(DispositionRequestSchema, body);
  const orgId = actor.orgId;
  const c = await findCaseRow(forTenant(svc.db, orgId), caseId);
  const casePk = Number(c.pk);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, orgId);
    const now = svc.clock.now();
    // The case row lock serialises summary recomputations of one case.
    await lockCase(db, casePk);
    const found = await updateHitDisposition(db, casePk, input.hitId, {
      disposition: input.disposition, note: input.note ?? null, by: auditName(actor), at: now,
    });
    if (!found) throw DomainError.notFound('Screening hit');
    await recountCaseScreening(db, casePk, now);
    const row = await findHit(db, casePk, input.hitId);
    return screeningHitView(row!, c.caseId);
  });
}
