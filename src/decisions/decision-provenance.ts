import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import type { TenantDb } from '../db/index';
import type { Services } from '../services';
import { findCaseRowByPk, type DecisionProvenance } from '../cases/index';
import { findConsoleCaseRow } from '../cases/index';
import { listDocumentDigests } from '../documents/index';
import { caseEddOf } from '../edd/index';
import { listVerificationViews } from '../idv/index';
import { activeDecisionPolicy, evaluatePolicy, loadPolicyFacts, type DecisionPolicy, type PolicyEvaluation, type PolicyFacts } from '../policy/index';
import { findLatestAiReview } from '../review/index';
import { findRiskProvenance } from '../risk/index';
import { latestScreeningVersion, listHitsOfCases } from '../screening/index';

/** The decision policy's evaluation a decision rests on, when its caller already made it (the routing step). */
export interface EvaluatedPolicy {
  policy: DecisionPolicy;
  evaluation: PolicyEvaluation;
  facts: PolicyFacts;
}

/** What recordDecision knows of the decision itself. */
export interface DecisionFacts {
  outcome: string;
  decidedBy: string;
  auto: boolean;
  reason: string | null;
  override: { reason: string; blockers: unknown[]; approvedBy: string | null } | null;
}

/**
 * The screening list version a decision rests on: the one the case's latest screening run recorded (source
 * `screening_run`), else, for a case never screened, the provider's current `listVersion()` at the decision.
 */
export async function watchlistVersionAtDecision(svc: Services, db?: TenantDb, casePk?: number): Promise<{ version: string | null; source: string }> {
  // The version the case's latest screening run recorded: what its hits were found against.
  if (db && casePk !== undefined) {
    const recorded = await latestScreeningVersion(db, db.orgId, casePk);
    if (recorded) return { version: recorded, source: 'screening_run' };
  }
  try {
    return { version: await svc.screening.listVersion(), source: 'provider_at_decision' };
  } catch {
    return { version: null, source: 'unavailable' };
  }
}

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/**
 * Collects, inside the decision's transaction, the immutable snapshot of what a decision rests on
 * (DecisionProvenanceSchema): the decision policy version, rule and facts (the caller's evaluation, or the
 * active policy evaluated now on the case's facts), the latest risk assessment with its model version, the
 * watchlist version and every hit with its triage and disposition, the latest AI review, the extraction engine
 * and each document's SHA-256, the identity verifications, the EDD items, and the members involved. Each read
 * goes through the owning feature's index.
 */
export async function collectDecisionProvenance(
  tx: Tx, orgId: string, casePk: number, decision: DecisionFacts, evaluated?: EvaluatedPolicy,
): Promise<DecisionProvenance> {
  const svc = tx.services;
  const db = forTenant(tx.manager, orgId);
  const now = svc.clock.now();
  const c = await findCaseRowByPk(db, casePk);
  const caseId = c!.caseId;
  let policy: EvaluatedPolicy | null = evaluated ?? null;
  if (!policy) {
    const active = await activeDecisionPolicy(db, now);
    const facts = await loadPolicyFacts(db, casePk, active.definition, now);
    policy = facts ? { policy: active, facts, evaluation: await evaluatePolicy(active.definition, facts) } : null;
  }
  const risk = await findRiskProvenance(db, casePk);
  const hits = await listHitsOfCases(db, [caseId]);
  const watchlist = await watchlistVersionAtDecision(svc, db, casePk);
  const review = await findLatestAiReview(db, casePk);
  const documents = await listDocumentDigests(db, casePk);
  const verifications = await listVerificationViews(db, casePk);
  const edd = await caseEddOf(db, casePk);
  const owner = (await findConsoleCaseRow(db, caseId))?.ownerEmail ?? null;

  const members = new Map<string, Set<string>>();
  const involve = (name: string | null | undefined, role: string) => {
    if (!name) return;
    if (!members.has(name)) members.set(name, new Set());
    members.get(name)!.add(role);
  };
  involve(decision.decidedBy, 'decided');
  involve(decision.override?.approvedBy, 'approved_override');
  involve(owner, 'owner');
  for (const h of hits) involve(h.dispositionBy, 'dispositioned_hit');
  for (const r of edd.requirements) if (r.updatedBy !== 'system') involve(r.updatedBy, 'changed_edd');
  for (const v of verifications) involve(v.dispatchedBy, 'dispatched_idv');

  const p = policy;
  return {
    schemaVersion: 1,
    recordedAt: now.toISOString(),
    decision: { outcome: decision.outcome, decidedBy: decision.decidedBy, auto: decision.auto, reason: decision.reason, override: decision.override as DecisionProvenance['decision']['override'] },
    policy: p && {
      policyId: p.policy.id, name: p.policy.definition.name, version: p.policy.version, outcome: p.evaluation.outcome,
      matchedRuleIndex: p.evaluation.matchedRuleIndex,
      matchedRuleName: p.evaluation.matchedRuleIndex === null ? null : p.policy.definition.rules[p.evaluation.matchedRuleIndex]?.name ?? null,
      gate: p.evaluation.gate, facts: { ...p.facts },
    },
    risk: risk && {
      assessmentId: risk.assessmentId, modelId: risk.modelId, modelVersion: risk.modelVersion, compositeScore: risk.compositeScore, band: risk.band,
      bandLabel: risk.bandLabel, factors: risk.factors.map((f) => ({ ...f })), assessedBy: risk.assessedBy, assessedAt: iso(risk.assessedAt)!,
    },
    screening: {
      watchlistVersion: watchlist.version,
      watchlistVersionSource: watchlist.source,
      hits: hits.map((h) => ({
        hitId: h.hitId, subjectName: h.subjectName, subjectRole: h.subjectRole, caption: h.caption, isPep: h.isPep, isSanctioned: h.isSanctioned,
        source: h.source, score: h.score,
        triage: h.triageStatus === null && h.triageDisposition === null ? null : {
          disposition: h.triageDisposition, reason: h.triageReason, provider: h.triageProvider, model: h.triageModel, promptVersion: h.triagePromptVersion,
          triagedAt: iso(h.triagedAt),
        },
        disposition: h.disposition, dispositionNote: h.dispositionNote, dispositionBy: h.dispositionBy, dispositionedAt: iso(h.dispositionedAt),
      })),
    },
    aiReview: review && {
      id: Number(review.id), model: review.reviewer, promptVersion: null, recommendation: review.recommendation, confidence: review.confidence,
      completedAt: iso(review.completedAt)!,
    },
    documents: {
      extractionEngine: svc.extractor.name,
      items: documents.map((d) => ({
        id: d.id, filename: d.filename, documentType: d.documentType, status: d.status, confidence: d.confidence, sha256: d.sha256, sizeBytes: d.sizeBytes,
        purgedAt: iso(d.purgedAt),
      })),
    },
    identityVerifications: verifications.map((v) => ({
      personKey: v.personKey, name: v.name, roles: v.roles, outcome: v.outcome, status: v.status, vendorName: v.vendorName, completedAt: v.completedAt,
      satisfiedByDocId: v.satisfiedByDocId,
    })),
    edd: edd.requirements.map((r) => ({ reqKey: r.reqKey, label: r.label, source: r.source, status: r.status, updatedBy: r.updatedBy, updatedAt: r.updatedAt })),
    members: [...members].map(([name, roles]) => ({ name, roles: [...roles] })),
  };
}
