import { authorize, type Actor } from '../access/index';
import { recordEvent } from '../events/record-event';
import { throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { answerOpenEscalation, type ConsoleCaseView } from '../cases/index';
import { moveCase, requireNote } from './move-case';

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
  const note = requireNote(details, 'note', input.note);
  throwIfAny(details);
  const { recommendation } = input;
  return moveCase(
    svc, actor, { caseId: input.caseId, to: 'returned', what: 'answered by a senior reviewer', fields: { recommendation } },
    async ({ tx, db, c, by, now }) => {
      await answerOpenEscalation(db, c.pk, { recommendation, note, respondedBy: by, at: now });
      await recordEvent(tx, {
        orgId: db.orgId, type: 'escalation.responded', case: { pk: c.pk },
        fields: { companyName: c.companyName, recommendation, note, respondedBy: by },
      });
    },
  );
}
