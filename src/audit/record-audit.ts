import type { Tx } from '../db/transaction';
import { AuditEntry } from './audit-entry.entity';

/** Appends to the tenant configuration audit log inside the caller's transaction. */
export async function recordAudit(
  tx: Tx,
  entry: { orgId: string; actor: string; action: string; details: Record<string, unknown>; at: Date },
): Promise<void> {
  await tx.manager.insert(AuditEntry, {
    orgId: entry.orgId, actor: entry.actor, action: entry.action, details: entry.details as object, createdAt: entry.at,
  });
}
