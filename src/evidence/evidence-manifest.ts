/** The evidence pack's manifest (manifest.json): every file with its SHA-256 and size, signed as manifest.json.jws. */
export const EVIDENCE_FORMAT = 'evidence-pack/1';
export const MANIFEST_PATH = 'manifest.json';
export const MANIFEST_JWS_PATH = 'manifest.json.jws';
/** The JWS `typ` of the manifest's signature. */
export const MANIFEST_JWS_TYP = 'evidence-manifest+json';

export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
}

/** A document the pack does not hold, and why. */
export interface AbsentFile {
  path: string;
  documentId: number;
  reason: 'purged' | 'not_stored' | 'missing_from_store';
  purgedAt: string | null;
}

export interface EvidenceManifest {
  format: typeof EVIDENCE_FORMAT;
  caseId: string;
  orgId: string;
  generatedAt: string;
  generatedBy: string;
  /** Where the signing key is published. */
  jwksUrl: string;
  files: ManifestFile[];
  absent: AbsentFile[];
}

/** A document's path in the pack: documents/<id>-<filename with only safe characters>. */
export function documentPath(id: number, filename: string): string {
  const safe = filename.normalize('NFKD').replace(/[^\w.\- ]+/g, '_').replace(/\s+/g, '_').replace(/^[._]+/, '').slice(0, 120) || 'document';
  return `documents/${id}-${safe}`;
}
