import { type TenantDb } from '../db/index';
import type { AuditEntryView } from './list-audit-log';

/**
 * Every audit line of the tenant about one case (its details name the case: `caseId`), oldest first: the
 * evidence pack's audit.jsonl. Reads only. (Scans the tenant's audit lines; the hash-chained export may replace it.)
 */
export async function listCaseAuditEntries(db: TenantDb, caseId: string): Promise<AuditEntryView[]> {
  const orgId = db.orgId;
  const rows: { id: number | string; actor: string; action: string; details: string | Record<string, unknown>; created_at: Date }[] = await db.query(
    `SELECT id, actor, action, details, created_at FROM tenant_config_audit_log
     WHERE org_id = ? AND JSON_UNQUOTE(JSON_EXTRACT(details, '$.caseId')) = ? ORDER BY id`,
    [orgId, caseId],
  );
  return rows.map((r) => ({
    id: String(r.id), actor: r.actor, action: r.action, details: typeof r.details === 'string' ? JSON.parse(r.details) as Record<string, unknown> : r.details,
    createdAt: r.created_at,
  }));
}
