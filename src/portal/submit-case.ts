import { forTenant } from '../db/index';
import { auditName, type Actor } from '../access/index';
import { lockCaseStatus, transitionCaseStatus, updateCaseCompany } from '../cases/index';
import { findCaseRowByPk, type CaseRecord } from '../cases/index';
import { advanceOnboardingStage } from '../cases/index';
import type { Tx } from '../db/transaction';
import { countCaseDocuments } from '../documents/index';
import { recordEvent } from '../events/record-event';
import { startCasePipeline } from '../pipeline/index';
import { findApplicationProfile, incompleteApplication, loadApplication, missingForSubmission, missingPersonEmails, refuseUnlessEditable } from '../cases/index';
import type { SubmittedView } from '../cases/index';

/**
 * Submits a case in the caller's transaction: the customer's part is done. Locks the case; refuses
 * (conflict) unless it is in_progress, and (validation_failed, every item with its path) while anything
 * is missing: the application's required items (missingForSubmission), an email address for each person
 * who will be asked to verify their identity, and, for an application form, the review step confirmed
 * (review.confirm). Then copies the company's name, registration number and country onto the case, moves it
 * to in_review, and records case.submitted (with `source`), case.status.changed (changedBy: the actor's
 * audit name, the customer's email) and the stage application_submitted (only forward), and starts the
 * decisioning pipeline (its first job enqueued after commit).
 */
export async function submitCase(tx: Tx, actor: Actor, c: CaseRecord, source: 'application_form' | 'doc_upload'): Promise<SubmittedView> {
  const svc = tx.services;
  const orgId = actor.orgId;
  const db = forTenant(tx.manager, actor);
  const casePk = Number(c.pk);
  const status = await lockCaseStatus(db, casePk);
  refuseUnlessEditable({ status: status ?? 'approved' });
  const app = await loadApplication(db, c);
  const required = missingForSubmission(app, await countCaseDocuments(db, casePk));
  const missing = [...required.filter((m) => m.path !== 'documents'), ...missingPersonEmails(app), ...required.filter((m) => m.path === 'documents')];
  if (source === 'application_form' && !(await findApplicationProfile(db, casePk))?.reviewConfirmedAt) {
    missing.push({ path: 'review', message: 'confirm your details on the review step' });
  }
  if (missing.length) throw incompleteApplication(missing);

  const now = svc.clock.now();
  const cp = app.companyProfile;
  await updateCaseCompany(db, casePk, { companyName: cp.companyName, companyNumber: cp.registrationNumber, country: cp.country }, now);
  await transitionCaseStatus(db, casePk, 'in_progress', 'in_review', now);
  const row = (await findCaseRowByPk(db, casePk))!;
  await recordEvent(tx, {
    orgId, type: 'case.submitted', case: { pk: casePk },
    fields: { companyName: row.companyName, country: row.country, customerEmail: row.customerEmail, source },
  });
  await recordEvent(tx, {
    orgId, type: 'case.status.changed', case: { pk: casePk },
    fields: { companyName: row.companyName, status: 'in_review', previousStatus: 'in_progress', changedBy: auditName(actor) },
  });
  const moved = await advanceOnboardingStage(tx, { orgId, casePk, stage: 'application_submitted' });
  const trigger = source === 'application_form' ? 'form-submission' : 'confirm-review';
  await startCasePipeline(tx, { orgId, casePk, triggeredBy: `system:${trigger}:${row.customerEmail ?? auditName(actor)}` });
  return { caseId: row.caseId, status: 'in_review', stage: moved ? 'application_submitted' : row.onboardingStage, submittedAt: now.toISOString() };
}
