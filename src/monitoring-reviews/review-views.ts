import type { AttachedAlert, ReviewHistoryEntry, ReviewDisposition, MonitoringReview, ReviewState } from './reviews.repository';

/** A monitoring review as the console shows it (never the flagged party's name: subjectRole and subjectRef only). */
export interface MonitoringReviewView {
  reviewCaseId: string;
  reviewRef: string;
  caseId: string;
  companyName: string | null;
  alertType: string;
  severity: string | null;
  subjectRole: string | null;
  subjectRef: string | null;
  personId: number | null;
  occurrenceNo: number;
  source: string | null;
  state: ReviewState;
  priorDisposition: ReviewDisposition | null;
  disposition: ReviewDisposition | null;
  dispositionBy: string | null;
  dispositionNote: string | null;
  dispositionedAt: Date | null;
  approvedBy: string | null;
  approvedAt: Date | null;
  bandBefore: string | null;
  bandAfter: string | null;
  openedAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

export interface MonitoringReviewDetail extends MonitoringReviewView {
  /** The alerts attached to the review, the one that opened it first. */
  alerts: AttachedAlert[];
  /** What happened to it, oldest first. */
  history: ReviewHistoryEntry[];
}

export function reviewView(r: MonitoringReview): MonitoringReviewView {
  return {
    reviewCaseId: r.reviewCaseId, reviewRef: r.reviewRef, caseId: r.caseId, companyName: r.companyName, alertType: r.alertType, severity: r.severity,
    subjectRole: r.subjectRole, subjectRef: r.subjectRef, personId: r.personId, occurrenceNo: r.occurrenceNo, source: r.source, state: r.state,
    priorDisposition: r.priorDisposition, disposition: r.disposition, dispositionBy: r.dispositionBy, dispositionNote: r.dispositionNote,
    dispositionedAt: r.dispositionedAt, approvedBy: r.approvedBy, approvedAt: r.approvedAt, bandBefore: r.bandBefore, bandAfter: r.bandAfter,
    openedAt: r.openedAt, updatedAt: r.updatedAt, closedAt: r.closedAt,
  };
}
