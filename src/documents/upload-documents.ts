import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import { findCaseRowByPk, lockCaseRow } from '../cases/index';
import { advanceOnboardingStage } from '../cases/index';
import { inTransaction, type Tx } from '../db/transaction';
import { DomainError, isDomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { StoredBlob } from '../ports';
import { CLOSED_STATUSES, type CaseStatus } from '../cases/index';
import type { Services } from '../services';
import { limitBytes, peek } from './byte-streams';
import { countDocumentsOfCase, insertUploadedDocument, referencedBlobKeys } from './documents.repository';
import type { PortalDocumentView, UploadedDocumentsView } from './portal-document.wire';
import { assertDocumentsOpen, portalCustomer } from './portal-customer';
import { cleanFilename, MAX_CASE_DOCUMENTS, MAX_FILE_BYTES, sanitizeFilename, sniffDocumentType, SNIFF_BYTES } from './upload-rules';

/** The pipeline's first step after an upload (document extraction), one job per document; payload `{orgId, documentId}`. */
export const DOCUMENT_UPLOADED_TASK = 'pipeline.document-uploaded';

/** One file of an upload as the transport hands it over: the name the client gave and the bytes, streamed. */
export interface UploadedFile {
  filename: string;
  content: AsyncIterable<Uint8Array>;
  /** The form field it came in (multipart), when the use case tells files apart by it. */
  field?: string;
}

/** A file stored in the BlobStore and not yet referenced by a document row. */
export interface StagedFile extends StoredBlob {
  filename: string;
  mimeType: string;
}

const tooMany = (path: string, shown: string) =>
  DomainError.validation([{ path, message: `"${shown}" cannot be added: a case holds at most ${MAX_CASE_DOCUMENTS} documents. Remove one to add another.` }]);

/**
 * The customer uploads a batch of files to their case. Each file is streamed, never held whole: its type
 * is sniffed from its first bytes (PDF, JPEG, PNG or HEIC; the name and the declared type are ignored),
 * it is cut off at MAX_FILE_BYTES (payload_too_large), and it goes to the BlobStore as a staged blob with
 * its SHA-256. Then ONE transaction inserts the batch's rows (status `processing`, nothing extracted yet),
 * records one `document.uploaded` and moves the case to `collecting_documents` (only when that is a real
 * change). Any failure deletes the batch's blobs: nothing is half-written. After commit, one
 * DOCUMENT_UPLOADED_TASK job per document starts extraction.
 *
 * `files` is consumed in order, one file at a time; an error stops the consumption at once (the caller
 * discards whatever the client still sends).
 *
 * With `evidence` the upload answers an item the tenant asked for by email (src/outreach's uploadEvidence
 * builds it): accepted while the case is open, even after submission, `evidence.check` runs before
 * anything is stored and `evidence.receiveInTx` in the same transaction; the stage is left as it is.
 */
export async function uploadDocuments(
  svc: Services, actor: Actor, input: { files: AsyncIterable<UploadedFile>; evidence?: EvidenceFor },
): Promise<UploadedDocumentsView> {
  const customer = portalCustomer(actor);
  const { orgId, casePk } = customer;
  const db = forTenant(svc.db, orgId);
  const evidence = input.evidence;
  const assertOpen = (status: CaseStatus) => {
    if (evidence === undefined) assertDocumentsOpen(status, 'added');
    else if (CLOSED_STATUSES.includes(status)) throw new DomainError('conflict', 'This application is closed, so documents can no longer be added.');
  };
  // Checked early so that nothing is stored in vain; checked again under the case's lock below.
  const c = await findCaseRowByPk(db, casePk);
  if (!c) throw DomainError.notFound('Case');
  assertOpen(c.status);
  if (evidence !== undefined) await evidence.check();
  const held = await countDocumentsOfCase(db, casePk);

  const staged: StagedFile[] = [];
  try {
    let index = 0;
    for await (const file of input.files) {
      const path = `files.${index++}`;
      if (held + staged.length >= MAX_CASE_DOCUMENTS) throw tooMany(path, cleanFilename(file.filename));
      staged.push(await stageFile(svc, file, path));
    }
    if (!staged.length) throw DomainError.validation([{ path: 'files', message: 'must contain at least one file' }]);

    const documents = await inTransaction(svc, async (tx) => {
      const db = forTenant(tx.manager, orgId);
      const locked = await lockCaseRow(db, casePk);
      if (!locked) throw DomainError.notFound('Case');
      assertOpen(locked.status);
      const count = await countDocumentsOfCase(db, casePk);
      if (count + staged.length > MAX_CASE_DOCUMENTS) {
        const first = Math.max(0, MAX_CASE_DOCUMENTS - count);
        throw tooMany(`files.${first}`, staged[first]!.filename);
      }
      const views = await insertStagedDocuments(tx, orgId, casePk, staged);
      if (evidence === undefined) await advanceOnboardingStage(tx, { orgId, casePk, stage: 'collecting_documents' });
      else await evidence.receiveInTx(tx);
      return views;
    });
    return { documents };
  } catch (err) {
    await discardStaged(svc, orgId, staged, err);
    throw err;
  }
}

/** What makes an upload the evidence for a requested item: checked before storing, received with the rows. */
export interface EvidenceFor {
  check(): Promise<void>;
  receiveInTx(tx: Tx): Promise<void>;
}

/**
 * Inserts the rows of a batch of staged files in the caller's transaction (status `processing`), records
 * one document.uploaded, and after commit starts their extraction.
 */
export async function insertStagedDocuments(tx: Tx, orgId: string, casePk: number, staged: StagedFile[]): Promise<PortalDocumentView[]> {
  const svc = tx.services;
  const now = svc.clock.now();
  const views: PortalDocumentView[] = [];
  for (const s of staged) {
    const id = await insertUploadedDocument(forTenant(tx.manager, orgId), casePk, { filename: s.filename, mimeType: s.mimeType, sizeBytes: s.size, blobKey: s.key, sha256: s.sha256 }, now);
    views.push({ id, filename: s.filename, mimeType: s.mimeType, sizeBytes: s.size, status: 'processing', uploadedAt: now.toISOString() });
  }
  await recordEvent(tx, {
    orgId, type: 'document.uploaded', case: { pk: casePk },
    fields: { documentIds: views.map((d) => d.id), fileCount: views.length, filenames: views.map((d) => d.filename) },
  });
  tx.afterCommit(() => enqueueExtraction(svc, orgId, views.map((d) => d.id)));
  return views;
}

/** Sniffs, limits and stores one file; a refused file leaves nothing behind. */
export async function stageFile(svc: Services, file: UploadedFile, path: string): Promise<StagedFile> {
  const { head, body, release } = await peek(file.content, SNIFF_BYTES);
  const type = await sniffDocumentType(head);
  if (!type) {
    await release();
    throw DomainError.validation([{
      path, message: `"${cleanFilename(file.filename)}" is not a PDF, JPEG, PNG or HEIC file (the type is read from the file's content, not its name).`,
    }]);
  }
  const filename = sanitizeFilename(file.filename, type);
  const tooLarge = () => new DomainError('payload_too_large', `"${filename}" is larger than 20 MiB, the largest file accepted.`, {
    details: [{ path, message: `must be at most ${MAX_FILE_BYTES} bytes (20 MiB)` }],
  });
  const blob = await svc.blobs.put(limitBytes(body, MAX_FILE_BYTES, tooLarge));
  return { ...blob, filename, mimeType: type.mimeType };
}

/**
 * Deletes the blobs of a batch that did not commit. When the COMMIT's outcome is unknown (the connection
 * was lost), the blobs that committed rows reference are kept; when even that cannot be told, all are
 * kept: an orphaned blob is harmless, a row without its bytes is not.
 */
export async function discardStaged(svc: Services, orgId: string, staged: StagedFile[], err: unknown): Promise<void> {
  if (!staged.length) return;
  let keep = new Set<string>();
  if (isDomainError(err) && err.code === 'service_unavailable') {
    try {
      keep = await referencedBlobKeys(forTenant(svc.db, orgId), staged.map((s) => s.key));
    } catch {
      svc.log.warn({ blobs: staged.length }, 'upload failed and the database cannot say which blobs it kept; leaving them');
      return;
    }
  }
  await Promise.all(staged.filter((s) => !keep.has(s.key)).map((s) => svc.blobs.delete(s.key).catch((e: unknown) => {
    svc.log.warn({ err: e }, 'could not delete the blob of a failed upload');
  })));
}

/** After commit: one extraction job per document (ids only in the payload), debounced per document. */
async function enqueueExtraction(svc: Services, orgId: string, ids: number[]): Promise<void> {
  const jobs = ids.map((documentId) => ({ task: DOCUMENT_UPLOADED_TASK, payload: { orgId, documentId }, options: { jobKey: `${DOCUMENT_UPLOADED_TASK}:${documentId}`, orgId } }));
  if (svc.jobs.enqueueMany) await svc.jobs.enqueueMany(jobs);
  else for (const j of jobs) await svc.jobs.enqueue(j.task, j.payload, j.options);
}
