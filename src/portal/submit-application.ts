import type { Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { portalCaseOf } from '../cases/index';
import type { SubmittedView } from '../cases/index';
import { submitCase } from './submit-case';

/**
 * application.submit: the customer submits the application form (see submitCase: every missing item is
 * listed; otherwise case.submitted with source application_form, in_progress -> in_review, stage
 * application_submitted, in one transaction, and the pipeline starts after commit). A case that came
 * in through document upload is submitted by confirming its review (review.confirm) instead.
 */
export async function submitApplication(svc: Services, actor: Actor, input: { caseId?: string } = {}): Promise<SubmittedView> {
  const c = await portalCaseOf(svc.db, actor, input.caseId);
  if (c.source === 'doc_upload') {
    throw new DomainError('conflict', 'This application started from your documents: submit it by confirming the review of the extracted data.');
  }
  return inTransaction(svc, (tx) => submitCase(tx, actor, c, 'application_form'));
}
