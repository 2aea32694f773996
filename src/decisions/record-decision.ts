import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';
import type { CaseStatus } from '../cases/index';
import { updateCaseStatus } from '../cases/index';
import { insertDecision } from './decisions.repository';
import { readFullParitySwitches } from '../cases/index';
import type { DecisionOutcome, DecisionReason } from '../cases/index';
import { buildFullParity } from './full-parity';
import type { DecisionBlocker } from './list-decision-blockers';
import { advanceOnboardingStage } from '../cases/index';
import { collectDecisionProvenance, type EvaluatedPolicy } from './decision-provenance';

/** The automatic decision's name in events and rows (analystEmail, changedBy). */
export const POLICY_ENGINE = 'policy_engine';

export interface DecisionToRecord {
  orgId: string;
  /** The case, locked by the caller in this transaction, as it stands before the decision. */
  case: { pk: number; status: CaseStatus; companyName: string | null };
  outcome: DecisionOutcome;
  notes: string;
  /** The analyst's audit name, or policy_engine on an automatic decision. */
  decidedBy: string;
  /** Present on an automatic decision: why (the decision policy, or the age gate). */
  auto?: { reason: DecisionReason };
  /** An analyst's approval over open decision blockers: the reason, the blockers, and the second member who approved it (four-eyes) or null. */
  override?: { reason: string; blockers: DecisionBlocker[]; approvedBy: string | null };
  /** The routing step's evaluation the automatic decision follows (provenance); an analyst's decision evaluates the active policy itself. */
  evaluated?: EvaluatedPolicy;
}

/**
 * Records a decision on a case in the caller's transaction; the one path for analyst and automatic
 * decisions (the caller checks the transition). In order: the decisions row (auto and reason on an
 * automatic one) with its provenance snapshot (collectDecisionProvenance: what the decision rested on); case.decision.made (analystEmail, decidedAt the stored time; `auto: true` and
 * `reason` only on automatic decisions, as the contract says); the status change and
 * case.status.changed (changedBy the decider); the journey stage decision_made
 * (case.onboarding_progress.changed when it moves); and, when the tenant has full-parity egress
 * (entitled and enabled), case.data_package.delivered once with the same decidedAt and the case's
 * projection after the decision: its stored bytes are what every (re)delivery sends.
 */
export async function recordDecision(tx: Tx, d: DecisionToRecord): Promise<{ decisionId: number; decidedAt: Date }> {
  const { orgId } = d;
  const db = forTenant(tx.manager, orgId);
  const casePk = d.case.pk;
  const decidedAt = tx.services.clock.now();
  const provenance = await collectDecisionProvenance(tx, orgId, casePk, {
    outcome: d.outcome, decidedBy: d.decidedBy, auto: Boolean(d.auto), reason: d.auto?.reason ?? null, override: d.override ?? null,
  }, d.evaluated);
  const decisionId = await insertDecision(db, casePk, {
    outcome: d.outcome, notes: d.notes, analystEmail: d.decidedBy, decidedAt, auto: Boolean(d.auto), reason: d.auto?.reason ?? null,
    override: d.override ?? null, provenance,
  });
  await updateCaseStatus(db, casePk, d.outcome, decidedAt);
  const made = await recordEvent(tx, {
    orgId,
    type: 'case.decision.made',
    case: { pk: casePk },
    fields: {
      outcome: d.outcome, notes: d.notes, analystEmail: d.decidedBy, decidedAt: decidedAt.toISOString(), companyName: d.case.companyName,
      ...(d.auto ? { auto: true as const, reason: d.auto.reason } : {}),
    },
  });
  await recordEvent(tx, {
    orgId,
    type: 'case.status.changed',
    case: { pk: casePk },
    fields: { companyName: d.case.companyName, status: d.outcome, previousStatus: d.case.status, changedBy: d.decidedBy },
  });
  // Case decisions are on the tenant's audit chain too (issue 28): the evidence pack lists a case's entries by caseId.
  await recordAudit(tx, {
    orgId, actor: d.decidedBy, action: 'case.decided', at: decidedAt,
    details: { caseId: made.payload.caseId, decisionId, outcome: d.outcome, auto: Boolean(d.auto), reason: d.auto?.reason ?? null, override: Boolean(d.override) },
  });
  await advanceOnboardingStage(tx, { orgId, casePk, stage: 'decision_made' });
  const egress = await readFullParitySwitches(db);
  if (egress.entitled && egress.enabled) {
    const fullParity = await buildFullParity(db, casePk);
    const decision = { outcome: d.outcome, notes: d.notes, analystEmail: d.decidedBy, decidedAt: decidedAt.toISOString() };
    await recordEvent(tx, {
      orgId,
      type: 'case.data_package.delivered',
      case: { pk: casePk },
      fields: { decidedAt: decision.decidedAt, outcome: d.outcome, fullParity: { ...fullParity, decision } },
    });
  }
  return { decisionId, decidedAt };
}
