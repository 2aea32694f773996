import { systemActor } from '../access/index';
import type { FeatureTask } from '../platform/index';
import { extractDocument } from './extract-document';

/**
 * `pipeline.document-uploaded` (one job per uploaded document, payload `{orgId, documentId}`): the first
 * step of the document pipeline, extraction. A duplicate job finds the document no longer `processing`
 * and does nothing. Unexpected errors are thrown, so graphile retries the job. The case's decisioning
 * pipeline, whose verify and risk steps wait for every document, reacts to the outcome by itself
 * (document.processed, or the failed-extraction hook).
 */
export const documentUploadedTask: FeatureTask = (svc) => async (payload) => {
  const { orgId, documentId } = (payload ?? {}) as { orgId?: unknown; documentId?: unknown };
  if (typeof orgId !== 'string' || !Number.isSafeInteger(documentId) || (documentId as number) <= 0) {
    throw new Error('pipeline.document-uploaded: payload must be {orgId: string, documentId: positive integer}');
  }
  const result = await extractDocument(svc, systemActor(orgId), { documentId: documentId as number });
  svc.log.debug({ orgId, documentId, ...result }, 'pipeline.document-uploaded: extraction step ran');
};
