import { type TenantDb } from '../db/index';
import { findApplicationProfile, listApplicationParties } from '../cases/index';
import { findCaseRowByPk, findLatestRiskAssessment } from '../cases/index';
import { loadApplication, missingForSubmission } from '../cases/index';
import type { CaseReviewFacts } from './case-reviewer';
import { listReviewDocuments, listReviewHits } from './ai-reviews.repository';

/**
 * What a case review weighs, read from the case's own rows: the application as submitted (company
 * profile, directors and UBOs, and what it still lacks for a submission as `missingForSubmission`),
 * the documents with their extraction outcome, the screening hits with their AI triage and the analyst's
 * disposition, and the risk band and score (the case's, else its latest assessment). Null when the case
 * is not this tenant's. Reads only: any manager or transaction.
 */
export async function loadCaseReviewFacts(db: TenantDb, casePk: number): Promise<CaseReviewFacts | null> {
  const c = await findCaseRowByPk(db, casePk);
  if (!c) return null;
  const [profile, parties, docs, hits] = await Promise.all([
    findApplicationProfile(db, casePk),
    listApplicationParties(db, casePk),
    listReviewDocuments(db, casePk),
    listReviewHits(db, casePk),
  ]);
  let application: Record<string, unknown> | null = null;
  if (profile || parties.length) {
    const app = await loadApplication(db, c);
    application = { ...app, missingForSubmission: missingForSubmission(app, { total: docs.length }).map((m) => m.path) };
  }
  let risk: CaseReviewFacts['risk'] = null;
  if (c.riskBand) risk = { band: c.riskBand, compositeScore: c.riskScore === null ? 0 : Number(c.riskScore) };
  else {
    const r = await findLatestRiskAssessment(db, casePk);
    if (r) risk = { band: r.band, compositeScore: r.compositeScore };
  }
  return {
    caseId: c.caseId,
    companyName: c.companyName,
    application,
    documents: docs.map((d) => ({
      id: d.id, documentType: d.documentType, status: d.status, confidence: d.confidence,
      warnings: d.warnings.map((w) => (typeof w === 'string' ? w : JSON.stringify(w))),
    })),
    hits,
    risk,
  };
}
