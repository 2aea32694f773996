import { type TenantDb } from '../db/index';
import { isoFromDatetimeText } from '../db/datetime-text';
import { listCaseAuditEntries, type AuditEntryView } from '../audit/index';
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
  audit: AuditEntryView[];
  purge: PurgeNotice | null;
}

/** The audit entries of the pack (today's log filtered to the case): the one call to switch to the hash-chained export. */
export function evidenceAuditEntries(db: TenantDb, caseId: string): Promise<AuditEntryView[]> {
  return listCaseAuditEntries(db, caseId);
}

/** Reads one case's evidence (not_found for an unknown or foreign case). Reads only. */
export async function collectEvidence(db: TenantDb, caseId: string): Promise<CaseEvidence> {
  const c = await findCaseRow(db, caseId);
  const casePk = Number(c.pk);
  const caseFile = await pullFullParity(db, casePk);
  const decisions = (await listDecisionsWithProvenance(db, casePk)).map((r) => decisionView(r, c.case_id));
  const screeningHits = (await listHitsOfCases(db, [c.case_id])).map((h) => screeningHitView(h, c.case_id));
  const risk = await findRiskProvenance(db, casePk);
  const review = await findLatestAiReview(db, casePk);
  const documents = await listDocumentDigests(db, casePk);
  const events = await listCaseFeedItems(db, casePk);
  const audit = await evidenceAuditEntries(db, c.case_id);
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
    caseId: c.case_id, orgId: db.orgId, casePk, caseFile, createdAt: isoFromDatetimeText(c.created_at ?? null), customerName: c.customer_name ?? null,
    decisions, screeningHits, risk, aiReview: review ? aiReviewView(review) : null, documents, events, audit, purge,
  };
}
