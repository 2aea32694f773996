import { findCaseRow } from '../cases/cases.repository';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { auditName, authorize, type Actor } from '../access/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { HIT_COLUMNS, screeningHitView } from './screening-views';
import { DispositionRequestSchema, type ScreeningHitView } from './screening.wire';

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
  const c = await findCaseRow(svc.db, orgId, caseId);
  return inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    // The case row lock serialises summary recomputations of one case.
    await tx.manager.query('SELECT pk FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, c.pk]);
    const res = await tx.manager.query(
      `UPDATE screening_hits SET disposition = ?, disposition_note = ?, disposition_by = ?, dispositioned_at = ?
       WHERE org_id = ? AND case_pk = ? AND hit_id = ?`,
      [input.disposition, input.note ?? null, auditName(actor), now, orgId, c.pk, input.hitId],
    );
    if (Number((res as { affectedRows: number }).affectedRows) === 0) throw DomainError.notFound('Screening hit');
    await tx.manager.query(
      `UPDATE cases c JOIN (
         SELECT COUNT(*) AS total, COALESCE(SUM(is_sanctioned), 0) AS sanctioned, COALESCE(SUM(is_pep), 0) AS pep
         FROM screening_hits WHERE org_id = ? AND case_pk = ? AND (disposition IS NULL OR disposition <> 'false_positive')
       ) s SET c.total_hits = s.total, c.sanctioned_hits = s.sanctioned, c.pep_hits = s.pep, c.updated_at = ?
       WHERE c.org_id = ? AND c.pk = ?`,
      [orgId, c.pk, now, orgId, c.pk],
    );
    const [row]: Record<string, never>[] = await tx.manager.query(
      `SELECT ${HIT_COLUMNS} FROM screening_hits WHERE org_id = ? AND case_pk = ? AND hit_id = ?`, [orgId, c.pk, input.hitId],
    );
    return screeningHitView(row!, c.case_id);
  });
}
