import type { Queryable } from '../db/queryable';
import { loadVerificationFacts } from '../idv/index';
import { loadCaseFacts } from '../risk/index';
import type { DecisionPolicyDefinition } from './decision-policy';
import { policyFacts, type PolicyFacts } from './policy-facts';
import { latestAiRecommendation } from './policy.repository';

/** The policy facts of one case of the tenant as it stands (null when the tenant has no such case). */
export async function loadPolicyFacts(db: Queryable, orgId: string, casePk: number, policy: DecisionPolicyDefinition, at: Date): Promise<PolicyFacts | null> {
  const facts = await loadCaseFacts(db, orgId, casePk);
  if (!facts) return null;
  const aiRecommendation = await latestAiRecommendation(db, orgId, casePk);
  const idv = await loadVerificationFacts(db, orgId, casePk);
  return policyFacts(facts, { aiRecommendation, individualEntityTypes: policy.individualEntityTypes, at, idv });
}
