import { forTenant } from '../db/tenant-db';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { requireText, throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { assertTransition } from '../cases/index';
import { answerOpenEscalation, findConsoleCaseRow, lockConsoleCase, updateCaseStatus } from '../cases/index';
import { consoleCaseView, type ConsoleCaseView } from '../cases/index';
import { MAX_NOTE } from './escalate-case';

/** What a senior reviewer recommends (escalation.responded). */
export const RECOMMENDATIONS = ['approve', 'decline', 'refer'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/**
 * The MLRO answers a case's escalation (the case is pending_senior): in one transaction, with the case
 * row locked, the response on the open escalation, escalation.responded (recommendation, note,
 * respondedBy the actor) and case.status.changed to returned carrying the recommendation. The case
 * goes back to the analysts, who decide (or escalate again).
 */
export async function respondToEscalation(
  svc: Services, actor: Actor, input: { caseId: string; recommendation: Recommendation; note: string },
): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:respond_escalation');
  const details: ValidationDetail[] = [];
  if (!RECOMMENDATIONS.includes(input.recommendation)) details.push({ path: 'recommendation', message: `must be one of ${RECOMMENDATIONS.join(', ')}` });
  const note = requireText(details, 'note', input.note, MAX_NOTE);
  throwIfAny(details);
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const c = await lockConsoleCase(forTenant(tx.manager, orgId), input.caseId);
    assertTransition(c.case_id, c.status, 'returned', 'answered by a senior reviewer');
    const now = svc.clock.now();
    await answerOpenEscalation(forTenant(tx.manager, orgId), c.pk, { recommendation: input.recommendation, note, respondedBy: by, at: now });
    await updateCaseStatus(forTenant(tx.manager, orgId), c.pk, 'returned', now);
    await recordEvent(tx, {
      orgId, type: 'escalation.responded', case: { pk: c.pk },
      fields: { companyName: c.company_name, recommendation: input.recommendation, note, respondedBy: by },
    });
    await recordEvent(tx, {
      orgId, type: 'case.status.changed', case: { pk: c.pk },
      fields: { companyName: c.company_name, status: 'returned', previousStatus: c.status, changedBy: by, recommendation: input.recommendation },
    });
    return consoleCaseView((await findConsoleCaseRow(forTenant(tx.manager, orgId), c.case_id))!, svc.config.appUrl);
  });
}
