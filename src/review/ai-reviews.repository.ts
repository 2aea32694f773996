import { type TenantDb } from '../db/index';
import type { ReviewConfidence, ReviewRecommendation, RiskFactorSeverity } from './ai-review.entity';

/**
 * The SQL of AI case reviews and of the facts a review reads. Every function takes a tenant-bound handle
 * (forTenant over a manager or the pool), and touches that tenant's rows only.
 */

/** A stored AI case review. */
export interface AiReview {
  id: number;
  casePk: number;
  triggeredBy: string;
  reviewer: string;
  recommendation: ReviewRecommendation;
  confidence: ReviewConfidence;
  riskFactors: { text: string; severity: RiskFactorSeverity }[];
  completedAt: Date;
}

/** risk_factors is JSON text (MariaDB's JSON is LONGTEXT) or parsed. */
interface AiReviewRow {
  id: number;
  case_pk: number;
  triggered_by: string;
  reviewer: string;
  recommendation: ReviewRecommendation;
  confidence: ReviewConfidence;
  risk_factors: { text: string; severity: RiskFactorSeverity }[] | string;
  completed_at: Date;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const toAiReview = (r: AiReviewRow): AiReview => ({
  id: r.id, casePk: r.case_pk, triggeredBy: r.triggered_by, reviewer: r.reviewer, recommendation: r.recommendation, confidence: r.confidence,
  riskFactors: json(r.risk_factors), completedAt: r.completed_at,
});

export interface NewAiReview {
  triggeredBy: string;
  reviewer: string;
  recommendation: ReviewRecommendation;
  confidence: ReviewConfidence;
  riskFactors: { text: string; severity: RiskFactorSeverity }[];
  runKey: string | null;
  completedAt: Date;
}

/**
 * Stores a review of a case of this tenant; its id (the reviewId), or null when nothing was stored: a
 * run with this runKey is already stored, or the case is not this tenant's.
 */
export async function insertAiReview(db: TenantDb, casePk: number, r: NewAiReview): Promise<number | null> {
  const orgId = db.orgId;
  const res = await db.query(
    `INSERT IGNORE INTO ai_reviews (org_id, case_pk, triggered_by, reviewer, recommendation, confidence, risk_factors, run_key, completed_at)
     SELECT org_id, pk, ?, ?, ?, ?, ?, ?, ? FROM cases WHERE org_id = ? AND pk = ?`,
    [r.triggeredBy, r.reviewer, r.recommendation, r.confidence, JSON.stringify(r.riskFactors), r.runKey, r.completedAt, orgId, casePk],
  );
  const { affectedRows, insertId } = res as { affectedRows: number; insertId: number };
  return affectedRows === 1 ? insertId : null;
}

const REVIEW_COLUMNS = 'r.id, r.case_pk, r.triggered_by, r.reviewer, r.recommendation, r.confidence, r.risk_factors, r.completed_at';

/** The latest review of each of these cases (by public caseId) that has one, with its caseId. */
export async function findLatestAiReviewsByCaseId(db: TenantDb, caseIds: string[]): Promise<(AiReview & { caseId: string })[]> {
  const orgId = db.orgId;
  if (caseIds.length === 0) return [];
  const rows: (AiReviewRow & { case_id: string })[] = await db.query(
    `SELECT c.case_id, ${REVIEW_COLUMNS} FROM cases c
     JOIN ai_reviews r ON r.org_id = c.org_id AND r.case_pk = c.pk
       AND r.id = (SELECT MAX(x.id) FROM ai_reviews x WHERE x.org_id = c.org_id AND x.case_pk = c.pk)
     WHERE c.org_id = ? AND c.case_id IN (?)`,
    [orgId, caseIds],
  );
  return rows.map((r) => ({ ...toAiReview(r), caseId: r.case_id }));
}

/** The latest review of one case, or null (the decision policy's fact, the console). */
export async function findLatestAiReview(db: TenantDb, casePk: number): Promise<AiReview | null> {
  const orgId = db.orgId;
  const [row]: AiReviewRow[] = await db.query(
    `SELECT ${REVIEW_COLUMNS} FROM ai_reviews r WHERE r.org_id = ? AND r.case_pk = ? ORDER BY r.id DESC LIMIT 1`, [orgId, casePk],
  );
  return row ? toAiReview(row) : null;
}

/** A document as a review weighs it. */
export interface ReviewDocument { id: number; documentType: string | null; status: string; confidence: string | null; warnings: unknown[] }
interface ReviewDocumentRow { id: number; document_type: string | null; status: string; confidence: string | null; warnings: unknown[] | string }
const toReviewDocument = (r: ReviewDocumentRow): ReviewDocument => ({
  id: r.id, documentType: r.document_type, status: r.status, confidence: r.confidence, warnings: json(r.warnings),
});

/** The documents a review weighs, oldest first. */
export async function listReviewDocuments(db: TenantDb, casePk: number): Promise<ReviewDocument[]> {
  const orgId = db.orgId;
  const rows: ReviewDocumentRow[] = await db.query(
    'SELECT id, document_type, status, confidence, warnings FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id', [orgId, casePk],
  );
  return rows.map(toReviewDocument);
}

/** A screening hit as a review weighs it, with its AI triage and human disposition. */
export interface ReviewHit {
  hitId: string; subjectName: string | null; subjectRole: string | null; isPep: boolean; isSanctioned: boolean;
  triageDisposition: string | null; disposition: string | null;
}
interface ReviewHitRow {
  hit_id: string; subject_name: string | null; subject_role: string | null; is_pep: number; is_sanctioned: number;
  triage_disposition: string | null; disposition: string | null;
}
const toReviewHit = (r: ReviewHitRow): ReviewHit => ({
  hitId: r.hit_id, subjectName: r.subject_name, subjectRole: r.subject_role, isPep: r.is_pep === 1, isSanctioned: r.is_sanctioned === 1,
  triageDisposition: r.triage_disposition, disposition: r.disposition,
});

/** The screening hits a review weighs, oldest first. */
export async function listReviewHits(db: TenantDb, casePk: number): Promise<ReviewHit[]> {
  const orgId = db.orgId;
  const rows: ReviewHitRow[] = await db.query(
    `SELECT hit_id, subject_name, subject_role, is_pep, is_sanctioned, triage_disposition, disposition
     FROM screening_hits WHERE org_id = ? AND case_pk = ? ORDER BY id`,
    [orgId, casePk],
  );
  return rows.map(toReviewHit);
}
