import { forTenant } from '../db/index';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { sharedReviewFields } from './review-fields';
import {
  addHistory, attachAlert, factHistory, findReview, findUnclosedReviewOfFact, insertReview, lockMonitoredCase, nextReviewRef,
} from './reviews.repository';

export interface MonitoringAlertFact {
  orgId: string; casePk: number; alertId: number; runId: number;
  alertType: string; severity: 'low' | 'medium' | 'high';
  /** Stable identity of the fact, e.g. `sanctions_hit:ubo_0:<entity id>`. */
  factKey: string;
  /** Hash of the fact's content; a repeat of the same fact has the same factKey. */
  fingerprint: string;
  subjectRole: string | null; subjectRef: string | null; personId: number | null;
  source: 'scheduled' | 'ad_hoc';
}

/**
 * Whether an alert about this subject is reviewed: a UBO (`ubo_<n>`), a director (`dir_<n>`), an
 * intermediary entity (subjectRole `Intermediary`), or the company itself (`company`): a sanctions hit
 * or a structure change on the customer is the most serious fact there is, so it is reviewed too.
 * Anything else (no subject) stays an alert on the case only.
 */
export function opensReview(fact: Pick<MonitoringAlertFact, 'subjectRef' | 'subjectRole'>): boolean {
  if (fact.subjectRef && /^(ubo|dir)_\d+$/.test(fact.subjectRef)) return true;
  if (fact.subjectRole?.toLowerCase() === 'intermediary') return true;
  return fact.subjectRef === 'company';
}

/**
 * Called by monitoring runs for every new alert, in the run's transaction, right after
 * monitoring.alert.created. With no unclosed review of the same fact on the case it opens one
 * (monitoring.review.opened: occurrenceNo counts the reviews the fact has opened on the case,
 * priorDisposition is the verdict of the previous one); while one is unclosed (open, pending approval,
 * with the MLRO or reopened) the alert is attached to it and no review event is recorded.
 */
export async function onMonitoringAlert(tx: Tx, fact: MonitoringAlertFact): Promise<void> {
  if (!opensReview(fact)) return;
  const { orgId, casePk } = fact;
  const db = forTenant(tx.manager, orgId);
  // The case row first (recordEvent locks it too): repeats of one fact on one case are serialised here.
  if (!(await lockMonitoredCase(db, casePk))) throw new Error(`onMonitoringAlert: case ${casePk} is not in tenant ${orgId}`);
  const now = tx.services.clock.now();
  const alert = {
    alertId: fact.alertId, runId: fact.runId, alertType: fact.alertType, severity: fact.severity, fingerprint: fact.fingerprint, source: fact.source, at: now,
  };
  const unclosed = await findUnclosedReviewOfFact(db, casePk, fact.factKey);
  if (unclosed) {
    await attachAlert(db, unclosed.id, alert);
    await addHistory(db, unclosed.id, { action: 'alert_attached', actor: null, details: { alertId: fact.alertId, runId: fact.runId }, at: now });
    return;
  }
  const before = await factHistory(db, casePk, fact.factKey);
  const reviewCaseId = randomUUID();
  const id = await insertReview(db, {
    casePk, reviewCaseId, reviewRef: await nextReviewRef(db, now.getUTCFullYear()), factKey: fact.factKey, fingerprint: fact.fingerprint,
    alertType: fact.alertType, severity: fact.severity, subjectRole: fact.subjectRole, subjectRef: fact.subjectRef, personId: fact.personId,
    source: fact.source, occurrenceNo: before.count + 1, priorDisposition: before.lastDisposition, at: now,
  });
  await attachAlert(db, id, alert);
  await addHistory(db, id, { action: 'opened', actor: null, details: { alertId: fact.alertId, runId: fact.runId, source: fact.source }, at: now });
  const review = (await findReview(db, reviewCaseId))!;
  await recordEvent(tx, {
    orgId, type: 'monitoring.review.opened', case: { pk: casePk },
    fields: { ...sharedReviewFields(review), state: 'open', source: fact.source, priorDisposition: before.lastDisposition },
  });
}
