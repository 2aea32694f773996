import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { takeDocumentsDueForExtraction } from './documents.repository';
import { DOCUMENT_UPLOADED_TASK } from './upload-documents';

/** Documents re-handed off per sweep run (the next run takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Re-enqueues the extraction job of documents still `processing` whose last change is older than
 * EXTRACTION_SWEEP_AFTER: the job was lost between commit and queue, or a worker died holding it
 * (graphile frees such a lock only after hours). Each document is handed off again at most once per
 * EXTRACTION_SWEEP_AFTER, so a document whose extraction keeps failing is not re-queued at every sweep.
 * A duplicate job is harmless: extractDocument skips a document that is no longer `processing`.
 * Returns how many were handed off.
 */
export async function sweepDocumentExtraction(svc: Services): Promise<number> {
  const now = svc.clock.now();
  const cutoff = new Date(now.getTime() - svc.config.extractionSweepAfterMs);
  const due = await inTransaction(svc, async (tx) => {
    const rows = await takeDocumentsDueForExtraction(tx.manager, cutoff, now, SWEEP_BATCH);
    if (rows.length) {
      tx.afterCommit(async () => {
        const jobs = rows.map((d) => ({ task: DOCUMENT_UPLOADED_TASK, payload: { orgId: d.orgId, documentId: d.id }, options: { jobKey: `${DOCUMENT_UPLOADED_TASK}:${d.id}`, orgId: d.orgId } }));
        if (svc.jobs.enqueueMany) await svc.jobs.enqueueMany(jobs);
        else for (const j of jobs) await svc.jobs.enqueue(j.task, j.payload, j.options);
      });
    }
    return rows;
  });
  if (due.length) svc.log.info({ documents: due.length }, 'extraction sweep re-enqueued documents still processing');
  return due.length;
}
