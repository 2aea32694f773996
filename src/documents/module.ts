import type { FeatureModule } from '../platform/index';
import { documentUploadedTask } from './document-uploaded.task';
import { sweepDocumentExtraction } from './sweep-document-extraction';
import { DOCUMENT_UPLOADED_TASK } from './upload-documents';

/** Document extraction: one job per uploaded document, and documents still processing whose job was lost or whose worker died. */
export const documentsModule: FeatureModule = {
  name: 'documents',
  tasks: { [DOCUMENT_UPLOADED_TASK]: documentUploadedTask },
  sweeps: [{ name: 'document extraction sweep', order: 60, run: sweepDocumentExtraction }],
};
