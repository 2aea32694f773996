import type { Band, RiskModelDefinition } from './risk-model';
import type { RiskAssessmentRow, RiskModelRow } from './risk.repository';
import type { RiskFactorResult } from './score-risk';

/** A risk assessment as the console shows it: the event's fields plus the factor breakdown. */
export interface RiskAssessmentView {
  assessmentId: number;
  configId: number;
  compositeScore: number;
  band: Band;
  bandLabel: string;
  factors: RiskFactorResult[];
  assessedBy: string;
  assessedAt: string;
}

/** A version of the tenant's risk model. */
export interface RiskModelView {
  configId: number;
  version: number;
  definition: RiskModelDefinition;
  createdBy: string;
  createdAt: string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export const riskModelView = (m: RiskModelRow): RiskModelView => ({
  configId: m.id, version: m.version, definition: m.definition, createdBy: m.createdBy, createdAt: m.createdAt.toISOString(),
});

export const riskAssessmentView = (r: RiskAssessmentRow): RiskAssessmentView => ({
  assessmentId: Number(r.id),
  configId: Number(r.config_id),
  compositeScore: Number(r.composite_score),
  band: r.band_id,
  bandLabel: r.band_label,
  factors: r.factors === null ? [] : json(r.factors),
  assessedBy: r.assessed_by,
  assessedAt: r.assessed_at.toISOString(),
});
