import { auditName, authorize, type Actor } from '../access/index';
import { readChainHead } from '../audit/index';
import { forTenant } from '../db/index';
import { signJson } from '../oauth/index';
import type { Services } from '../services';
import { insertSignedHead, latestSignedHead } from './audit-seal.repository';

/** The `typ` of a signed audit head's JWS. */
export const AUDIT_HEAD_TYP = 'audit-head+json';

/** What a signed head's JWS payload says. */
export interface AuditHeadClaims {
  orgId: string;
  seq: number;
  hash: string;
  signedAt: string;
}

export interface SignedAuditHead {
  seq: number;
  hash: string;
  /** Compact JWS (ES256, the key published at /v1/oauth/jwks.json) over AuditHeadClaims. */
  jws: string;
  signedAt: Date;
  /** False when the head was already signed at this seq (nothing new was signed). */
  signedNow: boolean;
}

/**
 * Signs the tenant's audit chain head (its last seq and hash) with the service key and keeps it in
 * audit_signed_heads: from then on, rewriting the chain (even all of it, hashes recomputed) is detected,
 * since the signed hash at that seq no longer matches. On demand (compliance_admin, `signAuditHead`, the
 * CLI) and daily by the worker (the system). A head already signed is not signed again; an empty chain
 * has nothing to sign (null). Not itself audited (the signed heads are their own record, with who signed).
 */
export async function signAuditHead(svc: Services, actor: Actor): Promise<SignedAuditHead | null> {
  authorize(actor, 'audit:sign');
  const db = forTenant(svc.db, actor);
  const head = await readChainHead(db);
  if (head.seq === 0) return null;
  const last = await latestSignedHead(db);
  if (last && last.seq === head.seq && last.hash === head.hash) return { seq: last.seq, hash: last.hash, jws: last.jws, signedAt: last.signedAt, signedNow: false };
  const signedAt = svc.clock.now();
  const claims: AuditHeadClaims = { orgId: actor.orgId, seq: head.seq, hash: head.hash, signedAt: signedAt.toISOString() };
  const jws = await signJson(svc.config, claims, AUDIT_HEAD_TYP);
  await insertSignedHead(db, { seq: head.seq, hash: head.hash, jws, signedBy: auditName(actor), signedAt });
  return { seq: head.seq, hash: head.hash, jws, signedAt, signedNow: true };
}
