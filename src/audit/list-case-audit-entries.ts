import type { TenantDb } from '../db/index';
import { readCaseChainEntries, type ChainEntry } from './audit-chain.repository';

/** One audit entry about a case, as the evidence pack's `audit.jsonl` writes it (one JSON object per line). */
export interface CaseAuditEntry {
  seq: number;
  actor: string;
  action: string;
  details: Record<string, unknown>;
  /** ISO 8601 (ms, UTC). */
  at: string;
  prevHash: string;
  hash: string;
}

export function auditEntryLine(e: ChainEntry): CaseAuditEntry {
  return { seq: e.seq, actor: e.actor, action: e.action, details: e.details, at: e.at.toISOString(), prevHash: e.prevHash, hash: e.hash };
}

/**
 * The tenant's audit entries about one case (those whose details name its public `caseId`: decisions,
 * overrides, reopenings, purges, legal holds, erasure decisions …), in chain order, each with its seq and
 * hashes so a reader can place it on the tenant's chain. No permission check: the caller's use case (the
 * evidence pack) authorizes. `db` is bound to the tenant (forTenant).
 */
export async function listCaseAuditEntries(db: TenantDb, caseId: string): Promise<CaseAuditEntry[]> {
  return (await readCaseChainEntries(db, caseId)).map(auditEntryLine);
}
