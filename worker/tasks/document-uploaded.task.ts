import type { Task } from 'graphile-worker';

/**
 * `pipeline.document-uploaded` (one job per uploaded document, payload `{orgId, documentId}`): the first
 * step of the document pipeline. Extraction is not built yet, so the step checks its payload and ends;
 * the job is done rather than left to pile up. The extraction issue replaces the body with its use case.
 */
export const documentUploadedTask = (): Task => async (payload) => {
  const { orgId, documentId } = (payload ?? {}) as { orgId?: unknown; documentId?: unknown };
  if (typeof orgId !== 'string' || !Number.isSafeInteger(documentId) || (documentId as number) <= 0) {
    throw new Error('pipeline.document-uploaded: payload must be {orgId: string, documentId: positive integer}');
  }
};
