import { type TenantDb } from '../db/index';
import { loadVerificationFacts } from '../idv/index';
import { loadCaseFacts } from '../risk/index';
import type { DecisionPolicyDefinition } from './decision-policy';
import { policyFacts, type PolicyFacts } from './policy-facts';
import { latestAiRecommendation } from './policy.repository';

/** The policy facts of one case of the tenant as it stands (null when the tenant has no such case). */
export async function loadPolicyFacts(db: TenantDb, casePk: number, policy: DecisionPolicyDefinition, at: Date): Promise<PolicyFacts | null> {
  const facts = await loadCaseFacts(db, casePk);
  if (!facts) return null;
  const aiRecommendation = await latestAiRecommendation(db, casePk);
  const idv = await loadVerificationFacts(db, casePk);
  return policyFacts(facts, { aiRecommendation, individualEntityTypes: policy.individualEntityTypes, at, idv });
}
