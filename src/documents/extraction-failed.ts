import { defineHook } from '../platform/index';

/** A document whose extraction ended in `error` (unreadable, encrypted, damaged). */
export interface FailedExtraction {
  orgId: string;
  casePk: number;
  documentId: number;
}

/**
 * Run once a document's `error` is committed, for the features that wait on extraction (the decisioning
 * pipeline's verify and risk steps wait while a document is processing). A successful extraction records
 * document.processed, which they subscribe to; an error records no event (the contract keeps it off the
 * wire), so it is told through this hook. A handler that fails is logged; the reacting feature's sweep recovers.
 */
export const DOCUMENT_EXTRACTION_FAILED = defineHook<FailedExtraction>('documents.extraction-failed');
