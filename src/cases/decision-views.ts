import type { CurrentDecisionView, DecisionView } from './case.wire';
import type { DecisionRow } from './decisions.repository';

export function currentDecisionView(r: DecisionRow): CurrentDecisionView {
  return { outcome: r.outcome, notes: r.notes, analystEmail: r.analyst_email, decidedAt: r.decided_at.toISOString(), auto: Number(r.auto) === 1, reason: r.reason };
}

export function decisionView(r: DecisionRow, caseId: string): DecisionView {
  return { id: Number(r.id), caseId, ...currentDecisionView(r) };
}
