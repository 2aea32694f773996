import type { Tx } from '../db/transaction';
import { forTenant } from '../db/tenant-db';
import { advanceChainHead, chainHash, lockChainHead, storedDetails } from './audit-chain';
import { AuditEntry } from './audit-entry.entity';

/** The case an entry is about, for its indexed case_id column: details.caseId when it is a string of at most 40 printable ASCII characters. */
function caseIdOf(details: Record<string, unknown>): string | null {
  const id = details.caseId;
  return typeof id === 'string' && id.length > 0 && id.length <= 40 && /^[ -~]+$/.test(id) ? id : null;
}

/**
 * Appends to the tenant's audit log inside the caller's transaction, as the next link of the tenant's hash
 * chain: the tenant's chain head row (audit_chain_heads) is locked until the caller commits, so two
 * transactions auditing for one tenant take consecutive seqs and never fork the chain; the entry stores its
 * seq, the previous entry's hash and its own (audit-chain.ts chainHash), and the case it is about (case_id, outside the
 * hash, so the chain is what it always was).
 */
export async function recordAudit(
  tx: Tx,
  entry: { orgId: string; actor: string; action: string; details: Record<string, unknown>; at: Date },
): Promise<void> {
  const db = forTenant(tx.manager, entry.orgId);
  const head = await lockChainHead(db);
  const details = storedDetails(entry.details);
  // DATETIME(3) keeps milliseconds: the hash covers the time as it is stored and read back.
  const at = new Date(entry.at.getTime());
  const seq = head.seq + 1;
  const hash = chainHash({ orgId: entry.orgId, seq, actor: entry.actor, action: entry.action, details, at, prevHash: head.hash });
  await tx.manager.insert(AuditEntry, {
    orgId: entry.orgId, actor: entry.actor, action: entry.action, caseId: caseIdOf(details), details: details as object, createdAt: at, seq, prevHash: head.hash, hash,
  });
  await advanceChainHead(db, seq, hash, at);
}
