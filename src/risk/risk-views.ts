import type { Band, RiskModelDefinition } from './risk-model';
import type { RiskAssessment, RiskModel } from './risk.repository';
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

export const riskModelView = (m: RiskModel): RiskModelView => ({
  configId: m.id, version: m.version, definition: m.definition, createdBy: m.createdBy, createdAt: m.createdAt.toISOString(),
});

export const riskAssessmentView = (r: RiskAssessment): RiskAssessmentView => ({
  assessmentId: r.id,
  configId: r.configId,
  compositeScore: r.compositeScore,
  band: r.band,
  bandLabel: r.bandLabel,
  factors: r.factors,
  assessedBy: r.assessedBy,
  assessedAt: r.assessedAt.toISOString(),
});
