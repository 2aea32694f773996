import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { loadPolicyFacts } from './case-policy-facts';
import type { DecisionPolicyDefinition, RoutingOutcome } from './decision-policy';
import { evaluatePolicy } from './evaluate-policy';
import { activeDecisionPolicy, listOpenCasesForPreview } from './policy.repository';
import { validatePolicy } from './validate-policy';

/** Open cases a preview evaluates, at most (the newest). */
export const MAX_PREVIEW_CASES = 200;

/** Where one open case would be routed. */
export interface PolicyPreviewCase {
  caseId: string;
  companyName: string | null;
  outcome: RoutingOutcome;
  /** The rule that would decide (zero-based), or null for the default outcome and the age gate. */
  matchedRuleIndex: number | null;
  gate: string | null;
}

export interface DecisionPolicyPreview {
  /** The active policy's id, or null when a draft was evaluated. */
  policyId: number | null;
  /** Open cases evaluated (the newest MAX_PREVIEW_CASES). */
  casesEvaluated: number;
  /** Whether the tenant has more open cases than were evaluated. */
  truncated: boolean;
  cases: PolicyPreviewCase[];
}

/**
 * Which rule of the active policy, or of a draft, would route each of the tenant's open cases where (the
 * newest MAX_PREVIEW_CASES, as they stand now); records nothing (no routing, no event, no decision). `draft`
 * is a policy object whose given fields replace the active policy's, validated as updateDecisionPolicy
 * validates (validation_failed with paths). Any member who may read the policy may preview it.
 */
export async function previewDecisionPolicy(svc: Services, actor: Actor, input: { draft?: unknown } = {}): Promise<DecisionPolicyPreview> {
  authorize(actor, 'policy:read');
  const db = forTenant(svc.db, actor);
  const now = svc.clock.now();
  const active = await activeDecisionPolicy(db, now);
  let policy: DecisionPolicyDefinition = active.definition;
  let policyId: number | null = active.id;
  if (input.draft !== undefined && input.draft !== null) {
    if (typeof input.draft !== 'object' || Array.isArray(input.draft)) throw DomainError.validation([{ path: 'draft', message: 'must be a policy object' }]);
    policy = validatePolicy({ ...active.definition, ...input.draft }, active.definition.eddItems);
    policyId = null;
  }
  const open = await listOpenCasesForPreview(db, MAX_PREVIEW_CASES + 1);
  const evaluated = open.slice(0, MAX_PREVIEW_CASES);
  const cases: PolicyPreviewCase[] = [];
  for (const c of evaluated) {
    const facts = await loadPolicyFacts(db, c.casePk, policy, now);
    if (!facts) continue;
    const e = await evaluatePolicy(policy, facts);
    cases.push({ caseId: c.caseId, companyName: c.companyName, outcome: e.outcome, matchedRuleIndex: e.matchedRuleIndex, gate: e.gate });
  }
  return { policyId, casesEvaluated: evaluated.length, truncated: open.length > MAX_PREVIEW_CASES, cases };
}
