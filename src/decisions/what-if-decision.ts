import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { findCaseRow, findLatestDecision, findDecisionOfCase } from '../cases/index';
import { activeDecisionPolicy, evaluatePolicy, loadPolicyFacts, type PolicyFacts } from '../policy/index';
import { policyAnswer, type PolicyAnswerView } from './replay-decision';

export interface WhatIfView {
  caseId: string;
  policyVersion: number;
  policyName: string;
  /** Today's policy on today's facts. */
  answer: PolicyAnswerView;
  facts: PolicyFacts;
  /** The case's latest decision and the routing outcome its provenance recorded, or null when it has none. */
  latestDecision: { decisionId: number; outcome: string; policyVersion: number | null; recordedOutcome: string | null } | null;
  /** Today's answer reaches the latest decision's recorded routing outcome; null without a decision or its provenance. */
  sameAsLatestDecision: boolean | null;
}

/**
 * What the tenant's policy today would answer on the case's facts today, beside the latest decision's
 * recorded answer, so an MLRO sees what a policy change does to a past case. Records nothing (no row, no
 * event, no decision).
 */
export async function whatIfDecision(svc: Services, actor: Actor, input: { caseId: string }): Promise<WhatIfView> {
  authorize(actor, 'decisions:replay');
  const db = forTenant(svc.db, actor);
  const c = await findCaseRow(db, input.caseId);
  const casePk = Number(c.pk);
  const now = svc.clock.now();
  const policy = await activeDecisionPolicy(db, now);
  const facts = (await loadPolicyFacts(db, casePk, policy.definition, now))!;
  const answer = policyAnswer(policy.definition, await evaluatePolicy(policy.definition, facts));
  const latest = await findLatestDecision(db, casePk);
  const withProvenance = latest ? await findDecisionOfCase(db, casePk, Number(latest.id)) : null;
  const recorded = withProvenance ? withProvenance.provenance?.policy ?? null : null;
  return {
    caseId: c.caseId,
    policyVersion: policy.version,
    policyName: policy.definition.name,
    answer,
    facts,
    latestDecision: latest
      ? { decisionId: Number(latest.id), outcome: latest.outcome, policyVersion: recorded?.version ?? null, recordedOutcome: recorded?.outcome ?? null }
      : null,
    sameAsLatestDecision: recorded ? recorded.outcome === answer.outcome : null,
  };
}
