import { recordAudit } from '../audit/record-audit';
import { forTenant, type TenantDb } from '../db/index';
import type { Tx } from '../db/transaction';
import { clearPurgedBlobKey, listPurgedBlobKeys } from '../documents/index';
import { signJson } from '../oauth/index';
import type { Services } from '../services';
import { purgePersonalData, type PurgedCounts } from './retention.repository';
import { insertDeletionCertificate } from './schedules.repository';

/** The categories of personal data a purge removes, as its audit line and certificate list them. */
export const PURGED_CATEGORIES = ['customer_contact', 'company_profile_personal_fields', 'parties', 'documents', 'document_files', 'screening_hit_subjects', 'event_payloads'] as const;

/** What a purge keeps (the case's skeleton), as its certificate says. */
export const KEPT_AFTER_PURGE = ['case_ids', 'status', 'company_name_number_country', 'decisions', 'risk_assessments', 'screening_counters_and_verdicts', 'document_ids_types_sizes', 'event_history_redacted', 'audit_log'] as const;

/** Why a case's personal data was purged: zero retention, the retention schedule, or an erasure request. */
export type PurgeBasis = 'zero_retention' | 'retention_policy' | 'erasure_request';

/** The `typ` of a deletion certificate's JWS. */
export const DELETION_CERTIFICATE_TYP = 'deletion-certificate+json';

/** The signed document of a deletion certificate (its JWS payload). */
export interface DeletionCertificateDocument {
  type: 'deletion-certificate';
  orgId: string;
  caseId: string;
  purgedAt: string;
  basis: PurgeBasis;
  /** The retention policy (and version) the purge ran under; null for zero retention and erasure. */
  policy: { version: number; yearsAfterClosure: number | null; declinedDays: number | null; withdrawnDays: number | null } | null;
  /** Basis-specific facts: the period (closedAt, dueAt), the releasing event, the erasure request. */
  grounds: Record<string, unknown>;
  categories: string[];
  counts: PurgedCounts;
  kept: string[];
}

/**
 * Purges one case's personal data in the caller's transaction, the case row already locked by the caller and
 * every gate passed (zero retention's deliveries, the retention period, an erasure request; no legal hold): each
 * feature purges its own rows (purgePersonalData), the deletion certificate is signed (service key, the JWKS)
 * and kept beside the skeleton, and the audit log records `action` with `auditDetails` plus what the purge did.
 */
export async function purgeLockedCase(
  tx: Tx,
  p: {
    orgId: string; casePk: number; caseId: string; actorName: string; basis: PurgeBasis; action: string;
    policy: DeletionCertificateDocument['policy']; grounds: Record<string, unknown>; auditDetails: (counts: PurgedCounts, purgedAt: Date) => Record<string, unknown>;
  },
): Promise<{ purgedAt: Date; counts: PurgedCounts; certificate: DeletionCertificateDocument }> {
  const db = forTenant(tx.manager, p.orgId);
  const now = tx.services.clock.now();
  const counts = await purgePersonalData(db, p.casePk, now);
  const certificate: DeletionCertificateDocument = {
    type: 'deletion-certificate', orgId: p.orgId, caseId: p.caseId, purgedAt: now.toISOString(), basis: p.basis, policy: p.policy, grounds: p.grounds,
    categories: [...PURGED_CATEGORIES], counts, kept: [...KEPT_AFTER_PURGE],
  };
  const jws = await signJson(tx.services.config, certificate, DELETION_CERTIFICATE_TYP);
  await insertDeletionCertificate(db, p.casePk, {
    caseId: p.caseId, basis: p.basis, policyVersion: p.policy?.version ?? null, document: certificate as unknown as Record<string, unknown>, jws, issuedAt: now,
  });
  await recordAudit(tx, { orgId: p.orgId, actor: p.actorName, action: p.action, details: p.auditDetails(counts, now), at: now });
  return { purgedAt: now, counts, certificate };
}

/** After commit: deletes the purged documents' blobs, then forgets their keys (a missing blob is fine). Returns how many. */
export async function deletePurgedBlobs(svc: Services, db: TenantDb, casePk: number): Promise<number> {
  let blobsDeleted = 0;
  for (const { id, blobKey } of await listPurgedBlobKeys(db, casePk)) {
    await svc.blobs.delete(blobKey);
    await clearPurgedBlobKey(db, id, blobKey);
    blobsDeleted++;
  }
  return blobsDeleted;
}
