import { type TenantDb } from '../db/index';
import { isoFromDatetimeText } from '../db/datetime-text';
import { listCaseAuditEntries, type CaseAuditEntry } from '../audit/index';
import { decisionView, findCaseRow, listDecisionsWithProvenance, type DecisionView } from '../cases/index';
import { pullFullParity, type PullFullParityView } from '../decisions/index';
import { listDocumentDigests, type DocumentDigest } from '../documents/index';
import { listCaseFeedItems, type EventFeedItem } from '../events/index';
import { PURGED_CATEGORIES } from '../retention/index';
import { aiReviewView, findLatestAiReview, type AiReviewView } from '../review/index';
import { findRiskProvenance } from '../risk/index';
import { listHitsOfCases, screeningHitView, type ScreeningHitView } from '../screening/index';

/** What a purged case's pack says about the purge: when, which categories, and the counts the audit line recorded. */
export interface PurgeNotice {
  purgedAt: string;
  categories: string[];
  counts: Record<string, unknown> | null;
  /** Who purged it (the audit line's actor), when the line is found. */
  purgedBy: string | null;
}

/** Everything one case's evidence pack holds, read at one moment (each part through its feature's index). */
export interface CaseEvidence {
  caseId: string;
  orgId: string;
  casePk: number;
  caseFile: PullFullParityView;
  createdAt: string | null;
  customerName: string | null;
  decisions: DecisionView[];
  screeningHits: ScreeningHitView[];
  risk: Awaited<ReturnType<typeof findRiskProvenance>>;
  aiReview: AiReviewView | null;
  documents: DocumentDigest[];
  events: EventFeedItem[];
  audit: CaseAuditEntry[];
  purge: PurgeNotice | null;
}

/** The audit entries of the pack: the case's entries on the tenant's hash chain, in chain order (seq and hashes). */
export function evidenceAuditEntries(db: TenantDb, caseId: string): Promise<CaseAuditEntry[]> {
  return listCaseAuditEntries(db, caseId);
}

/** Reads one case's evidence (not_found for an unknown or foreign case). Reads only. */
export async function collectEvidence(db: TenantDb, caseId: string): Promise<CaseEvidence> {
  const c = await findCaseRow(db, caseId);
  const casePk = Number(c.pk);
  const caseFile = await pullFullParity(db, casePk);
  const decisions = (await listDecisionsWithProvenance(db, casePk)).map((r) => decisionView(r, c.caseId));
  const screeningHits = (await listHitsOfCases(db, [c.caseId])).map((h) => screeningHitView(h, c.caseId));
  const risk = await findRiskProvenance(db, casePk);
  const review = await findLatestAiReview(db, casePk);
  const documents = await listDocumentDigests(db, casePk);
  const events = await listCaseFeedItems(db, casePk);
  const audit = await evidenceAuditEntries(db, c.caseId);
  const purgedAt = caseFile.purgedAt ?? null;
  let purge: PurgeNotice | null = null;
  if (purgedAt) {
    const line = [...audit].reverse().find((a) => a.action === 'case.personal_data.purged');
    purge = {
      purgedAt,
      categories: Array.isArray(line?.details.categories) ? (line!.details.categories as string[]) : [...PURGED_CATEGORIES],
      counts: (line?.details.counts as Record<string, unknown> | undefined) ?? null,
      purgedBy: line?.actor ?? null,
    };
  }
  return {
    caseId: c.caseId, orgId: db.orgId, casePk, caseFile, createdAt: isoFromDatetimeText(c.createdAt ?? null), customerName: c.customerName ?? null,
    decisions, screeningHits, risk, aiReview: review ? aiReviewView(review) : null, documents, events, audit, purge,
  };
}
