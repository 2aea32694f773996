export {
  RISK_LEVELS, COUNTRY_LEVELS, RISK_FACTORS, HIT_KINDS, BANDS, DEFAULT_RISK_MODEL, LEVEL_SCORES,
  type RiskLevel, type CountryLevel, type RiskFactorKey, type HitKind, type Band, type RiskModelDefinition,
} from './risk-model';
export { validateRiskModel } from './validate-risk-model';
export { loadCaseFacts, hitOutcome, type CaseFacts, type CaseFactsHit, type CaseFactsParty, type HitOutcome } from './case-facts.repository';
export { scoreRisk, bandOf, type RiskScore, type RiskFactorResult } from './score-risk';
export { assessCaseRisk } from './assess-case-risk';
export { recomputeRisk } from './recompute-risk';
export { assessRiskInTx } from './assess-risk';
export { previewCaseBand } from './preview-risk';
export { getRiskModel } from './get-risk-model';
export { updateRiskModel } from './update-risk-model';
export { latestRiskAssessments } from './list-risk-assessments';
export type { RiskAssessmentView, RiskModelView } from './risk-views';
export { RISK_ASSESSED } from './risk-assessed.hook';
export { findRiskProvenance, type RiskProvenance } from './risk.repository';
