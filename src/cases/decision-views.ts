import type { DecisionOutcome, DecisionReason } from './decision.entity';
import type { CurrentDecisionView, DecisionView } from './case.wire';

/** The columns both decision views read from the decisions table. */
export const DECISION_COLUMNS = 'id, outcome, notes, analyst_email, auto, reason, decided_at';

export interface DecisionRow {
  id: number | string;
  outcome: DecisionOutcome;
  notes: string;
  analyst_email: string;
  auto: number;
  reason: DecisionReason | null;
  decided_at: Date;
}

export function currentDecisionView(r: DecisionRow): CurrentDecisionView {
  return { outcome: r.outcome, notes: r.notes, analystEmail: r.analyst_email, decidedAt: r.decided_at.toISOString(), auto: Number(r.auto) === 1, reason: r.reason };
}

export function decisionView(r: DecisionRow, caseId: string): DecisionView {
  return { id: Number(r.id), caseId, ...currentDecisionView(r) };
}
