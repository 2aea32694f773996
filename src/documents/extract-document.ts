import { forTenant } from '../db/index';
import type { Readable } from 'node:stream';
import { authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { runHook } from '../platform/index';
import type { Services } from '../services';
import type { StepGuard } from '../step-guard';
import { limitBytes } from './byte-streams';
import { DOCUMENT_TYPES, ExtractionError, type ExtractionResult } from './document-extractor';
import { DOCUMENT_CONFIDENCES } from './document.entity';
import { DOCUMENT_EXTRACTION_FAILED } from './extraction-failed';
import { findExtractionSource, lockDocument, storeExtraction, storeExtractionError } from './documents.repository';
import { MAX_FILE_BYTES } from './upload-rules';

/** What one extraction run did: `skipped` when there was nothing to do (a duplicate job, a removed document). */
export interface ExtractDocumentResult {
  /** The document's case; null only when the document no longer exists. */
  casePk: number | null;
  status: 'complete' | 'error' | 'skipped';
}

/** The longest reason kept in a document's notes (an extractor's message, in characters). */
const MAX_NOTE_CHARS = 1000;

/**
 * Pipeline step 1: reads one uploaded document with `svc.extractor` and stores what it found. Only a
 * document still `processing` with bytes is read; anything else is `skipped` (a duplicate job, or the
 * customer removed it). The bytes are read (at most MAX_FILE_BYTES) and extracted outside any transaction;
 * then ONE transaction locks the row, checks it is still `processing` (and, with a guard, claims the
 * step), stores documentType, extractedData, confidence, warnings and missingFields with status
 * `complete`, and records `document.processed`. An ExtractionError (an unreadable, encrypted or damaged
 * file) stores status `error` with the reason in notes and records no event, as the contract says; after
 * commit it runs the DOCUMENT_EXTRACTION_FAILED hook instead. Any other error is thrown: the job is retried.
 */
export async function extractDocument(svc: Services, actor: Actor, input: { documentId: number }, guard?: StepGuard): Promise<ExtractDocumentResult> {
  authorize(actor, 'documents:extract');
  const orgId = actor.orgId;
  const doc = await findExtractionSource(forTenant(svc.db, actor), input.documentId);
  if (!doc) return { casePk: null, status: 'skipped' };
  if (doc.status !== 'processing' || !doc.blobKey) return { casePk: doc.casePk, status: 'skipped' };

  let outcome: { ok: true; result: ExtractionResult } | { ok: false; reason: string };
  try {
    const bytes = await readBlob(svc, doc.blobKey);
    const result = await svc.extractor.extract({ filename: doc.filename, mimeType: doc.mimeType, bytes, declaredType: doc.documentType });
    outcome = { ok: true, result: checkedResult(result, svc.extractor.name) };
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
    outcome = { ok: false, reason: err.message.slice(0, MAX_NOTE_CHARS) };
  }

  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const locked = await lockDocument(db, String(doc.id));
    if (!locked || locked.status !== 'processing') return { casePk: doc.casePk, status: 'skipped' as const };
    if (guard && !(await guard.claim(tx))) return { casePk: doc.casePk, status: 'skipped' as const };
    const now = svc.clock.now();
    if (!outcome.ok) {
      await storeExtractionError(db, doc.id, outcome.reason, now);
      await guard?.done(tx);
      tx.afterCommit(() => runHook(svc, DOCUMENT_EXTRACTION_FAILED, { orgId, casePk: doc.casePk, documentId: doc.id }));
      return { casePk: doc.casePk, status: 'error' as const };
    }
    const r = outcome.result;
    await storeExtraction(db, doc.id, r, now);
    await recordEvent(tx, {
      orgId, type: 'document.processed', case: { pk: doc.casePk },
      fields: {
        documentId: doc.id, documentType: r.documentType, filename: doc.filename, status: 'complete', confidence: r.confidence,
        warningCount: r.warnings.length, missingFieldCount: r.missingFields.length,
      },
    });
    await guard?.done(tx);
    return { casePk: doc.casePk, status: 'complete' as const };
  });
}

/** The blob's bytes, at most MAX_FILE_BYTES (uploads are cut there; a bigger blob is not one of ours). */
async function readBlob(svc: Services, key: string): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = await svc.blobs.open(key);
  } catch (err) {
    // The bytes are gone for good (deleted by hand, a lost volume): reading again will not bring them back.
    if ((err as { code?: string }).code === 'ENOENT') throw new ExtractionError('The uploaded file is missing from storage; ask the customer to upload it again.');
    throw err;
  }
  const chunks: Buffer[] = [];
  const tooLarge = () => new ExtractionError(`The file is larger than ${MAX_FILE_BYTES} bytes, the largest document read.`);
  for await (const chunk of limitBytes(stream as AsyncIterable<Uint8Array>, MAX_FILE_BYTES, tooLarge)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The extractor's answer, checked: an extractor is a port (an LLM adapter may sit behind it), and a
 * malformed answer must become a clear `error` on the document rather than a broken row or an event that
 * fails its schema.
 */
function checkedResult(r: ExtractionResult, engine: string): ExtractionResult {
  const problems: string[] = [];
  if (!(DOCUMENT_TYPES as readonly string[]).includes(r?.documentType)) problems.push('documentType');
  if (!(DOCUMENT_CONFIDENCES as readonly string[]).includes(r?.confidence)) problems.push('confidence');
  if (!r?.extractedData || typeof r.extractedData !== 'object' || Array.isArray(r.extractedData)) problems.push('extractedData');
  if (!Array.isArray(r?.warnings) || r.warnings.some((w) => typeof w !== 'string')) problems.push('warnings');
  if (!Array.isArray(r?.missingFields) || r.missingFields.some((f) => typeof f !== 'string')) problems.push('missingFields');
  if (problems.length) throw new ExtractionError(`The document reader (${engine}) gave an invalid answer (${problems.join(', ')}); the document needs a manual check.`);
  return r;
}
