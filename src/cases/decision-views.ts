import type { DecisionProvenance } from './decision-provenance.wire';
import type { CurrentDecisionView, DecisionView } from './case.wire';
import type { DecisionRow } from './decisions.repository';

export function currentDecisionView(r: DecisionRow): CurrentDecisionView {
  return { outcome: r.outcome, notes: r.notes, analystEmail: r.analyst_email, decidedAt: r.decided_at.toISOString(), auto: Number(r.auto) === 1, reason: r.reason };
}

/** A stored provenance snapshot (JSON text or parsed), or null. */
export function provenanceOf(r: Pick<DecisionRow, 'provenance'>): DecisionProvenance | null {
  if (r.provenance === null || r.provenance === undefined) return null;
  return (typeof r.provenance === 'string' ? JSON.parse(r.provenance) : r.provenance) as DecisionProvenance;
}

export function decisionView(r: DecisionRow, caseId: string): DecisionView {
  return { id: Number(r.id), caseId, ...currentDecisionView(r), provenance: provenanceOf(r) };
}
