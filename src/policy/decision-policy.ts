/**
 * A tenant's decision policy: ordered rules over a case's facts, each naming an outcome; the first rule
 * that matches wins (its zero-based index is routing.evaluated's matchedRuleIndex), else the default
 * outcome (matchedRuleIndex null). Conditions are json-rules-engine's JSON (`all` / `any` / `not` of
 * `{fact, operator, value}`), evaluated by that engine. Before the rules, the age gate declines an
 * individual customer under the minimum age. Stored one row per version (decision_policies); the
 * newest is active and its id is routing.evaluated's policyId.
 */

export const ROUTING_OUTCOMES = ['AUTO_APPROVE', 'REVIEW_LEVEL_1', 'REVIEW_LEVEL_2', 'DECLINE'] as const;
export type RoutingOutcome = (typeof ROUTING_OUTCOMES)[number];
export const REVIEW_LEVELS = ['REVIEW_LEVEL_1', 'REVIEW_LEVEL_2'] as const;
export type ReviewLevel = (typeof REVIEW_LEVELS)[number];

/** json-rules-engine's built-in operators (the only ones a policy may use). */
export const POLICY_OPERATORS = [
  'equal', 'notEqual', 'in', 'notIn', 'contains', 'doesNotContain', 'lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive',
] as const;

/** A leaf condition: compares one fact with a value (a string, number, boolean, null, or a list of those). */
export interface PolicyCondition {
  fact: string;
  operator: (typeof POLICY_OPERATORS)[number];
  value: string | number | boolean | null | (string | number | boolean | null)[];
}
export type PolicyConditions = { all: PolicyNode[] } | { any: PolicyNode[] } | { not: PolicyNode };
export type PolicyNode = PolicyCondition | PolicyConditions;

export interface PolicyRule {
  /** Shown in the console and in an automatic decision's notes. */
  name: string;
  conditions: PolicyConditions;
  outcome: RoutingOutcome;
}

/** One EDD item a band asks for: a stable slug key and the label the customer and analysts see. */
export interface EddItem {
  key: string;
  label: string;
}
/** The EDD items each risk band asks for (src/edd derives a case's requirements from them when risk is assessed). */
export type EddItemsByBand = Record<'low' | 'medium' | 'high' | 'prohibited', EddItem[]>;

const HIGH_RISK_EDD: EddItem[] = [
  { key: 'source_of_funds', label: 'Source of funds' },
  { key: 'source_of_wealth', label: 'Source of wealth' },
  { key: 'ownership_structure', label: 'Ownership structure chart' },
];
/** The default EDD items: none for low and medium, the same three for high and prohibited. */
export const DEFAULT_EDD_ITEMS: EddItemsByBand = { low: [], medium: [], high: HIGH_RISK_EDD, prohibited: HIGH_RISK_EDD };

export interface DecisionPolicyDefinition {
  name: string;
  rules: PolicyRule[];
  /** The default branch: no rule matched. */
  defaultOutcome: RoutingOutcome;
  /** The age gate: an individual customer younger than this (full years) is declined (reason age_gate). */
  minimumAge: number;
  /** Entity types (any letter case) that make the customer an individual, for the age gate and the isIndividual fact. */
  individualEntityTypes: string[];
  /** The EDD items per risk band (a version stored before EDD existed carries the defaults). */
  eddItems: EddItemsByBand;
}

/**
 * The default policy, stored as a tenant's version 1 on first use: a prohibited band or a confirmed
 * sanctions match declines; an unresolved sanctions hit or a high band goes to senior review (level 2);
 * a medium band to level 1; a low band with no hits, every document extracted cleanly and every person's
 * identity verified (or an accepted ID on file) is approved;
 * anything else to level 1.
 */
export const DEFAULT_DECISION_POLICY: DecisionPolicyDefinition = {
  name: 'Default policy',
  rules: [
    { name: 'Prohibited risk band', conditions: { all: [{ fact: 'band', operator: 'equal', value: 'prohibited' }] }, outcome: 'DECLINE' },
    { name: 'Confirmed sanctions match', conditions: { all: [{ fact: 'sanctionedTrueMatch', operator: 'greaterThan', value: 0 }] }, outcome: 'DECLINE' },
    { name: 'Unresolved sanctions hit', conditions: { all: [{ fact: 'sanctionedUnresolved', operator: 'greaterThan', value: 0 }] }, outcome: 'REVIEW_LEVEL_2' },
    { name: 'High risk band', conditions: { all: [{ fact: 'band', operator: 'equal', value: 'high' }] }, outcome: 'REVIEW_LEVEL_2' },
    { name: 'Medium risk band', conditions: { all: [{ fact: 'band', operator: 'equal', value: 'medium' }] }, outcome: 'REVIEW_LEVEL_1' },
    {
      name: 'Low risk, no hits, clean documents, everyone verified',
      conditions: {
        all: [
          { fact: 'band', operator: 'equal', value: 'low' },
          { fact: 'hitsTotal', operator: 'equal', value: 0 },
          { fact: 'documentsInError', operator: 'equal', value: 0 },
          { fact: 'documentsLowConfidence', operator: 'equal', value: 0 },
          { fact: 'documentsPending', operator: 'equal', value: 0 },
          { fact: 'idvAllPassed', operator: 'equal', value: true },
        ],
      },
      outcome: 'AUTO_APPROVE',
    },
  ],
  defaultOutcome: 'REVIEW_LEVEL_1',
  minimumAge: 18,
  individualEntityTypes: ['individual', 'sole trader', 'sole proprietor', 'natural person'],
  eddItems: DEFAULT_EDD_ITEMS,
};
