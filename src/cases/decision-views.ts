/** The columns both decision views read from the decisions table. */
export const DECISION_COLUMNS = 'id, outcome, notes, analyst_email, auto, reason, decided_at';

/** The current decision of a case (its latest), as GET /v1/cases/{caseId} shows it. */
export interface CurrentDecisionView {
  outcome: string;
  notes: string;
  analystEmail: string;
  decidedAt: string;
  auto: boolean;
  reason: string | null;
}

/**
 * One decision of a case's history: the decisions record, shaped like case.decision.made
 * (`auto` is always present here, false for an analyst's decision; `reason` null unless automatic).
 */
export interface DecisionView extends CurrentDecisionView {
  id: number;
  caseId: string;
}

export interface DecisionRow {
  id: number | string;
  outcome: string;
  notes: string;
  analyst_email: string;
  auto: number;
  reason: string | null;
  decided_at: Date;
}

export function currentDecisionView(r: DecisionRow): CurrentDecisionView {
  return { outcome: r.outcome, notes: r.notes, analystEmail: r.analyst_email, decidedAt: r.decided_at.toISOString(), auto: Number(r.auto) === 1, reason: r.reason };
}

export function decisionView(r: DecisionRow, caseId: string): DecisionView {
  return { id: Number(r.id), caseId, ...currentDecisionView(r) };
}
