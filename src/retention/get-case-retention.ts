import { authorize, type Actor } from '../access/index';
import { forTenant, type TenantDb } from '../db/index';
import type { Services } from '../services';
import { PURGED_CATEGORIES } from './purge-locked-case';
import { findCasePkById } from './retention.repository';
import { retentionPeriod } from './retention-period';
import { findActiveLegalHold, findCaseRetentionFacts, findDeletionCertificate, findRetentionPolicy, type LegalHold } from './schedules.repository';

/** A case's deletion certificate: the signed JSON (compact JWS, verifiable against /v1/oauth/jwks.json) and its document. */
export interface DeletionCertificateView {
  basis: string;
  policyVersion: number | null;
  issuedAt: Date;
  document: Record<string, unknown>;
  jws: string;
}

/** Where a case stands with retention: its legal hold, its period under the policy, its certificate once purged. */
export interface CaseRetentionView {
  legalHold: LegalHold | null;
  /** none (no period runs), running or ended, with the period's end and its legal basis. */
  period: { state: 'none' | 'running' | 'ended'; dueAt: Date | null; basis: string | null };
  deletionCertificate: DeletionCertificateView | null;
}

/** What was purged of a case and when (for the evidence pack); null when the case was never purged. */
export interface CasePurgeRecord {
  purgedAt: string;
  basis: string;
  categories: string[];
  /** The certificate's signed JWS and document; null for a purge made before certificates existed. */
  certificate: { jws: string; document: Record<string, unknown> } | null;
}

/**
 * What was purged of one case and when, for src/evidence's pack ("a purged case's pack says what was purged and
 * when"): from the deletion certificate kept beside the skeleton, or, for a zero-retention purge made before
 * certificates existed, from cases.purged_at. No permission check (the caller's use case authorizes); `db` is
 * bound to the tenant.
 */
export async function findCasePurgeRecord(db: TenantDb, casePk: number): Promise<CasePurgeRecord | null> {
  const facts = await findCaseRetentionFacts(db, casePk);
  if (!facts?.purgedAt) return null;
  const cert = await findDeletionCertificate(db, casePk);
  if (!cert) return { purgedAt: facts.purgedAt.toISOString(), basis: 'zero_retention', categories: [...PURGED_CATEGORIES], certificate: null };
  return {
    purgedAt: String(cert.document.purgedAt ?? facts.purgedAt.toISOString()), basis: cert.basis,
    categories: (cert.document.categories as string[] | undefined) ?? [...PURGED_CATEGORIES], certificate: { jws: cert.jws, document: cert.document },
  };
}

/** A case's retention standing, for the case page (anyone who may read the case); null for an unknown case. */
export async function getCaseRetention(svc: Services, actor: Actor, caseId: string): Promise<CaseRetentionView | null> {
  authorize(actor, 'cases:read');
  const db = forTenant(svc.db, actor);
  const casePk = await findCasePkById(db, caseId);
  if (casePk === null) return null;
  const facts = (await findCaseRetentionFacts(db, casePk))!;
  const cert = await findDeletionCertificate(db, casePk);
  const period = facts.purgedAt ? { state: 'none' as const } : retentionPeriod(await findRetentionPolicy(db), facts, svc.clock.now());
  return {
    legalHold: await findActiveLegalHold(db, casePk),
    period: period.state === 'none' ? { state: 'none', dueAt: null, basis: null } : { state: period.state, dueAt: period.dueAt, basis: period.basis },
    deletionCertificate: cert ? { basis: cert.basis, policyVersion: cert.policyVersion, issuedAt: cert.issuedAt, document: cert.document, jws: cert.jws } : null,
  };
}
