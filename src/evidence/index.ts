// The signed evidence pack of a case (issue 28): what it holds is read through each feature's index
// (collect-evidence.ts); exportEvidencePack streams the ZIP, verifyEvidencePack checks one offline.
export { exportEvidencePack, type EvidencePack } from './export-evidence-pack';
export { collectEvidence, evidenceAuditEntries, type CaseEvidence, type PurgeNotice } from './collect-evidence';
export {
  EVIDENCE_FORMAT, MANIFEST_PATH, MANIFEST_JWS_PATH, MANIFEST_JWS_TYP, documentPath, type EvidenceManifest, type ManifestFile, type AbsentFile,
} from './evidence-manifest';
export { verifyEvidencePack, type EvidenceVerification } from './verify-evidence-pack';
