import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { assertTransition } from './case-transitions';
import { findConsoleCaseRow, lockConsoleCase } from './case-work.repository';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';
import { DECISION_OUTCOMES, type DecisionOutcome } from './decision.entity';
import { recordDecision } from './record-decision';

/** Longest decision note. */
export const MAX_NOTES = 5000;

/**
 * An analyst approves or declines a case that is in_review or returned (decisions.md). In one
 * transaction, with the case row locked, recordDecision (shared with the decision policy's automatic
 * decisions): the decisions row, case.decision.made (analystEmail the actor), case.status.changed, the
 * stage decision_made and, with full-parity egress, case.data_package.delivered.
 */
export async function decideCase(
  svc: Services, actor: Actor, input: { caseId: string; outcome: DecisionOutcome; notes: string },
): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  if (!DECISION_OUTCOMES.includes(input.outcome)) details.push({ path: 'outcome', message: `must be one of ${DECISION_OUTCOMES.join(', ')}` });
  if (typeof input.notes !== 'string' || input.notes.length > MAX_NOTES) details.push({ path: 'notes', message: `must be a string of at most ${MAX_NOTES} characters` });
  if (details.length) throw DomainError.validation(details);
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const c = await lockConsoleCase(tx.manager, orgId, input.caseId);
    assertTransition(c.case_id, c.status, input.outcome, 'decided');
    await recordDecision(tx, {
      orgId, case: { pk: c.pk, status: c.status, companyName: c.company_name }, outcome: input.outcome, notes: input.notes, decidedBy: by,
    });
    return consoleCaseView((await findConsoleCaseRow(tx.manager, orgId, c.case_id))!, svc.config.appUrl);
  });
}
