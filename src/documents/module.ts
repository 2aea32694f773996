import type { FeatureModule } from '../platform/index';
import { sweepDocumentExtraction } from './sweep-document-extraction';

/** Document extraction: documents still processing whose job was lost or whose worker died. */
export const documentsModule: FeatureModule = {
  name: 'documents',
  sweeps: [{ name: 'document extraction sweep', order: 60, run: sweepDocumentExtraction }],
};
