export {
  ROUTING_OUTCOMES, REVIEW_LEVELS, POLICY_OPERATORS, DEFAULT_DECISION_POLICY, DEFAULT_EDD_ITEMS,
  type EddItem, type EddItemsByBand,
  type RoutingOutcome, type ReviewLevel, type DecisionPolicyDefinition, type PolicyRule, type PolicyConditions, type PolicyNode, type PolicyCondition,
} from './decision-policy';
export { POLICY_FACTS, policyFacts, ageOn, applicantDateOfBirth, type PolicyFacts } from './policy-facts';
export { validatePolicy, EDD_KEY_PATTERN } from './validate-policy';
export { validateConditions, conditionsMatcher } from './rule-conditions';
export { evaluatePolicy, type PolicyEvaluation } from './evaluate-policy';
export { dryRunPolicy, type PolicyDryRunView } from './dry-run-policy';
export { previewDecisionPolicy, MAX_PREVIEW_CASES, type DecisionPolicyPreview, type PolicyPreviewCase } from './preview-decision-policy';
export { getDecisionPolicy } from './get-decision-policy';
export { updateDecisionPolicy } from './update-decision-policy';
export { latestRoutings } from './list-routings';
export type { DecisionPolicyView, RoutingView } from './policy-views';
export { activeDecisionPolicy, findDecisionPolicyVersion, insertRoutingEvaluation, lockRoutedCase, type DecisionPolicy } from './policy.repository';
export { loadPolicyFacts } from './case-policy-facts';
