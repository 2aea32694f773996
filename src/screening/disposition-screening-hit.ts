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
import { clearingOf } from './cleared-pairs';
import { personIdsOfCaseSubjects, revokePairsOfHit, upsertClearedPair } from './cleared-pairs.repository';
import { findHit, findHitForClearing, updateHitDisposition } from './screening.repository';

/**
 * Records a client's disposition on a screening hit (the API client is the actor,
 * `api_client:<clientId>`), and recomputes the case's screening summary: a hit dispositioned
 * `false_positive` no longer counts. A later disposition replaces an earlier one.
 *
 * A `false_positive` on an onboarding-screening hit also stores the tenant's cleared pair (the subject, as
 * the person registry's person when the party is linked to one, and the watchlist entity, each with a
 * fingerprint of its data): later screenings of that subject do not raise the entity again while both are
 * unchanged. Another disposition of the hit revokes the pair it had stored.
 */
export async function dispositionScreeningHit(
  svc: Services, actor: Actor, caseId: string, body: unknown,
): Promise<ScreeningHitView> {
  authorize(actor, 'screening:disposition');
  const input = assertSchema(DispositionRequestSchema, body);
  const c = await findCaseRow(forTenant(svc.db, actor), caseId);
  const casePk = Number(c.pk);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const now = svc.clock.now();
    // The case row lock serialises summary recomputations of one case.
    await lockCase(db, casePk);
    const found = await updateHitDisposition(db, casePk, input.hitId, {
      disposition: input.disposition, note: input.note ?? null, by: auditName(actor), at: now,
    });
    if (!found) throw DomainError.notFound('Screening hit');
    if (input.disposition === 'false_positive') {
      const hit = await findHitForClearing(db, casePk, input.hitId);
      const subjectId = hit?.subjectId ?? null;
      if (hit && hit.source === 'screening' && subjectId !== null && hit.subjectName !== null) {
        const personId = (await personIdsOfCaseSubjects(db, casePk)).get(subjectId) ?? null;
        await upsertClearedPair(db, { ...clearingOf(hit, personId), entityId: input.hitId, casePk, hitId: input.hitId, clearedBy: auditName(actor), clearedAt: now });
      }
    } else {
      await revokePairsOfHit(db, casePk, input.hitId, auditName(actor), now);
    }
    await recountCaseScreening(db, casePk, now);
    const row = await findHit(db, casePk, input.hitId);
    return screeningHitView(row!, c.caseId);
  });
}
