import { systemActor, type Actor, type CustomerActor } from '../access/index';
import type { CaseDetailView } from '../decisions/index';
import { extractDocument, type UploadedFile } from '../documents/index';
import { DomainError } from '../errors';
import { uploadPortalDocuments } from '../outreach/index';
import { confirmReview, saveApplication, submitApplication } from '../portal/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { testCaseAnswer } from './case-answer';
import { generateApplication } from './generated-application';
import { certificatePdf, passportPdf } from './generated-documents';
import { testCaseOf } from './test-cases';
import { TestSubmitRequestSchema, type GeneratedDocumentKind } from './test-helpers.wire';

/** A file of the upload, as the portal's multipart route hands one over. */
const file = (filename: string, bytes: Buffer): UploadedFile => ({ filename, content: (async function* () { yield bytes; })() });

async function* files(list: UploadedFile[]): AsyncIterable<UploadedFile> {
  yield* list;
}

/**
 * POST /v1/test_helpers/cases/{caseId}/submit: does what the customer does in the portal, with generated data,
 * through the portal's own use cases and in the same order, so the case records the same events as a
 * customer's submission: the application saved (application.save), the documents uploaded in one batch
 * (document.uploaded, stage collecting_documents), each one read as the extraction job reads it
 * (document.processed), the review confirmed with no corrections (review.confirm), and the application
 * submitted (case.submitted, case.status.changed, stage application_submitted; the pipeline starts). A case
 * that came in through document upload is submitted by the review's confirmation, as in the portal.
 * `parties`: how many people, or which; `documents`: which documents (default a certificate of incorporation).
 * Refused (conflict) once the case is submitted.
 */
export async function submitTestApplication(svc: Services, actor: Actor, caseId: string, body: unknown): Promise<CaseDetailView> {
  const { actor: caller, c } = await testCaseOf(svc, actor, caseId);
  const input = assertSchema(TestSubmitRequestSchema, body ?? {});
  if (c.status !== 'in_progress') {
    throw new DomainError('conflict', `Case ${c.caseId} is already submitted (status ${c.status}): the submit helper fills in and submits an application that is still in progress.`);
  }
  const customer: CustomerActor = { kind: 'customer', orgId: caller.orgId, casePk: Number(c.pk), caseId: c.caseId, email: c.customerEmail ?? '' };
  const app = generateApplication(c, input.parties, svc.clock.now().toISOString().slice(0, 10));
  await saveApplication(svc, customer, { application: app.draft });

  const kinds: readonly GeneratedDocumentKind[] = input.documents ?? ['certificate_of_incorporation'];
  const uploads: UploadedFile[] = [];
  if (kinds.includes('certificate_of_incorporation')) uploads.push(file('certificate-of-incorporation.pdf', await certificatePdf(app.company)));
  if (kinds.includes('passport')) {
    for (const [i, p] of app.people.entries()) uploads.push(file(`passport-${i + 1}.pdf`, await passportPdf(p.passport)));
  }
  const { documents } = await uploadPortalDocuments(svc, customer, { files: files(uploads) });
  // Read now, as each document's extraction job would: the review waits for them, as the portal does.
  for (const d of documents) await extractDocument(svc, systemActor(caller.orgId), { documentId: d.id });

  const confirmed = await confirmReview(svc, customer, { amendments: [] });
  if (!confirmed.submitted) await submitApplication(svc, customer);
  return testCaseAnswer(svc, caller, c.caseId);
}
