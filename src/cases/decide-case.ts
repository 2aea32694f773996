import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { assertTransition } from './case-transitions';
import { findConsoleCaseRow, insertDecision, lockConsoleCase, updateCaseStatus } from './case-work.repository';
import { readFullParitySwitches } from './cases.repository';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';
import { DECISION_OUTCOMES, type DecisionOutcome } from './decision.entity';
import { buildFullParity } from './full-parity';
import { advanceOnboardingStage } from './onboarding-progress';

/** Longest decision note. */
export const MAX_NOTES = 5000;

/**
 * An analyst approves or declines a case that is in_review or returned (decisions.md). In one
 * transaction, with the case row locked: a decisions row; case.decision.made (analystEmail the actor,
 * decidedAt the stored decision time); case.status.changed (previousStatus, changedBy); the journey
 * stage decision_made (case.onboarding_progress.changed when it moves); and, when the tenant has
 * full-parity egress (entitled and enabled), case.data_package.delivered with the same decidedAt and
 * the case's full-parity projection as it stands after the decision. The package is recorded once per
 * decision; its stored bytes are what every delivery and redelivery sends, so decidedAt never moves.
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
    const decidedAt = svc.clock.now();
    await insertDecision(tx.manager, orgId, c.pk, { outcome: input.outcome, notes: input.notes, analystEmail: by, decidedAt });
    await updateCaseStatus(tx.manager, orgId, c.pk, input.outcome, decidedAt);
    await recordEvent(tx, {
      orgId,
      type: 'case.decision.made',
      case: { pk: c.pk },
      fields: { outcome: input.outcome, notes: input.notes, analystEmail: by, decidedAt: decidedAt.toISOString(), companyName: c.company_name },
    });
    await recordEvent(tx, {
      orgId,
      type: 'case.status.changed',
      case: { pk: c.pk },
      fields: { companyName: c.company_name, status: input.outcome, previousStatus: c.status, changedBy: by },
    });
    await advanceOnboardingStage(tx, { orgId, casePk: c.pk, stage: 'decision_made' });
    const egress = await readFullParitySwitches(tx.manager, orgId);
    if (egress.entitled && egress.enabled) {
      const fullParity = await buildFullParity(tx.manager, orgId, c.pk);
      const decision = { outcome: input.outcome, notes: input.notes, analystEmail: by, decidedAt: decidedAt.toISOString() };
      await recordEvent(tx, {
        orgId,
        type: 'case.data_package.delivered',
        case: { pk: c.pk },
        fields: { decidedAt: decision.decidedAt, outcome: input.outcome, fullParity: { ...fullParity, decision } },
      });
    }
    return consoleCaseView((await findConsoleCaseRow(tx.manager, orgId, c.case_id))!, svc.config.appUrl);
  });
}
