import type { CurrentDecisionView, DecisionView } from './case.wire';
import type { DecisionRecord } from './decisions.repository';

export function currentDecisionView(r: DecisionRecord): CurrentDecisionView {
  return { outcome: r.outcome, notes: r.notes, analystEmail: r.analystEmail, decidedAt: r.decidedAt.toISOString(), auto: r.auto, reason: r.reason };
}

export function decisionView(r: DecisionRecord, caseId: string): DecisionView {
  return { id: r.id, caseId, ...currentDecisionView(r), provenance: r.provenance ?? null };
}
