import { compactVerify, createLocalJWKSet } from 'jose';
import { authorize, type Actor } from '../access/index';
import { checkAuditChain, findChainEntry, type ChainBreak } from '../audit/index';
import { forTenant } from '../db/index';
import { ACCESS_TOKEN_ALG, publicJwks } from '../oauth/index';
import type { Services } from '../services';
import { latestSignedHead } from './audit-seal.repository';
import type { AuditHeadClaims } from './sign-audit-head';

/** A break of the chain, or of its latest signed head. */
export interface AuditLogBreak {
  seq: number;
  problem: ChainBreak['problem'] | 'signed_head_mismatch' | 'signed_head_missing_entry' | 'signed_head_invalid';
  message: string;
}

export interface AuditLogVerification {
  /** True when every link holds and the latest signed head is still on the chain. */
  valid: boolean;
  /** Entries checked. */
  entries: number;
  headSeq: number;
  headHash: string;
  /** The first broken link (or the signed head that no longer matches); null when valid. */
  broken: AuditLogBreak | null;
  /** The latest signed head checked, or null when none was signed yet. */
  signedHead: { seq: number; hash: string; signedAt: Date; onChain: boolean } | null;
}

/**
 * Verifies the tenant's audit log (compliance_admin; `verifyAuditLog`, `npx svc audit:verify`): every entry's
 * hash is recomputed from its content and must follow its predecessor's (src/audit checkAuditChain, which
 * also compares the chain's end with its head row), then the latest signed head's JWS must verify against
 * the service's published keys, and the entry at its seq must still carry the signed hash: a rewrite of the
 * whole chain, hashes and all, fails there. Reports the first broken link only (what is after it cannot be
 * trusted either). Writes nothing.
 */
export async function verifyAuditLog(svc: Services, actor: Actor): Promise<AuditLogVerification> {
  authorize(actor, 'audit:read');
  const db = forTenant(svc.db, actor);
  const chain = await checkAuditChain(db);
  const signed = await latestSignedHead(db);
  let broken: AuditLogBreak | null = chain.broken;
  let signedHead: AuditLogVerification['signedHead'] = null;
  if (signed) {
    let onChain = false;
    let problem: AuditLogBreak | null = null;
    try {
      const { payload } = await compactVerify(signed.jws, createLocalJWKSet(await publicJwks(svc.config)), { algorithms: [ACCESS_TOKEN_ALG] });
      const claims = JSON.parse(Buffer.from(payload).toString('utf8')) as AuditHeadClaims;
      if (claims.orgId !== actor.orgId || claims.seq !== signed.seq || claims.hash !== signed.hash) throw new Error('claims differ from the row');
    } catch {
      problem = { seq: signed.seq, problem: 'signed_head_invalid', message: `The signed head at entry ${signed.seq} does not verify against the service's published key.` };
    }
    if (!problem) {
      const entry = await findChainEntry(db, signed.seq);
      if (!entry) problem = { seq: signed.seq, problem: 'signed_head_missing_entry', message: `Entry ${signed.seq}, signed on ${signed.signedAt.toISOString()}, is no longer in the log.` };
      else if (entry.hash !== signed.hash) problem = { seq: signed.seq, problem: 'signed_head_mismatch', message: `Entry ${signed.seq} no longer carries the hash signed on ${signed.signedAt.toISOString()}: the chain was rewritten up to there.` };
      else onChain = true;
    }
    signedHead = { seq: signed.seq, hash: signed.hash, signedAt: signed.signedAt, onChain };
    // The chain's own first break comes first when it lies before the signed head (or when the head holds).
    if (problem && (!broken || problem.seq < broken.seq)) broken = problem;
  }
  return { valid: broken === null, entries: chain.entries, headSeq: chain.lastSeq, headHash: chain.lastHash, broken, signedHead };
}
