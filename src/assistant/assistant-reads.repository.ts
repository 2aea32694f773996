import { type TenantDb } from '../db/index';

/** One recorded MCP tool call, as written. */
export interface NewAssistantRead {
  grantId: string;
  clientId: string;
  memberId: string;
  tool: string;
  arguments: Record<string, unknown>;
  caseIds: string[];
  outcome: string;
  calledAt: Date;
}

/**
 * Records one tool call and links it to the tenant's cases it read (case ids of other tenants or of no
 * case match nothing and are kept in case_ids only). Returns the read's id.
 */
export async function insertAssistantRead(db: TenantDb, read: NewAssistantRead): Promise<number> {
  const orgId = db.orgId;
  const result = (await db.query(
    `INSERT INTO assistant_reads (org_id, grant_id, client_id, member_id, tool, arguments, case_ids, outcome, called_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, read.grantId, read.clientId, read.memberId, read.tool, JSON.stringify(read.arguments), JSON.stringify(read.caseIds), read.outcome, read.calledAt],
  )) as { insertId: number };
  const id = result.insertId;
  if (read.caseIds.length) {
    await db.query(
      `INSERT IGNORE INTO assistant_read_cases (org_id, case_pk, read_id)
       SELECT org_id, pk, ? FROM cases WHERE org_id = ? AND case_id IN (?)`,
      [id, orgId, read.caseIds],
    );
  }
  return id;
}

/** One MCP tool call of a connected app that read a case, with the app's name and the member's email. */
export interface AssistantRead {
  id: number;
  tool: string;
  arguments: Record<string, unknown>;
  outcome: string;
  calledAt: Date;
  clientId: string;
  appName: string | null;
  memberId: string;
  memberEmail: string | null;
}

/** arguments is JSON text (MariaDB's JSON is LONGTEXT) or parsed. */
interface AssistantReadRow {
  id: number;
  tool: string;
  arguments: string | Record<string, unknown>;
  outcome: string;
  called_at: Date;
  client_id: string;
  app_name: string | null;
  member_id: string;
  member_email: string | null;
}

const toAssistantRead = (r: AssistantReadRow): AssistantRead => ({
  id: r.id, tool: r.tool, arguments: typeof r.arguments === 'string' ? (JSON.parse(r.arguments) as Record<string, unknown>) : r.arguments,
  outcome: r.outcome, calledAt: r.called_at, clientId: r.client_id, appName: r.app_name, memberId: r.member_id, memberEmail: r.member_email,
});

/** A page of the reads of one case, newest first (by id), keyset after `before`. */
export async function listCaseAssistantReadPage(
  db: TenantDb, casePk: number, q: { before: number | null; limit: number },
): Promise<AssistantRead[]> {
  const orgId = db.orgId;
  const rows: AssistantReadRow[] = await db.query(
    `SELECT r.id, r.tool, r.arguments, r.outcome, r.called_at, r.client_id, c.name AS app_name, r.member_id, m.email AS member_email
       FROM assistant_read_cases rc
       JOIN assistant_reads r ON r.id = rc.read_id AND r.org_id = rc.org_id
       LEFT JOIN oauth_clients c ON c.id = r.client_id
       LEFT JOIN members m ON m.org_id = r.org_id AND m.id = r.member_id
      WHERE rc.org_id = ? AND rc.case_pk = ?${q.before === null ? '' : ' AND rc.read_id < ?'}
      ORDER BY rc.read_id DESC LIMIT ${Math.floor(q.limit)}`,
    q.before === null ? [orgId, casePk] : [orgId, casePk, q.before],
  );
  return rows.map(toAssistantRead);
}

/** Tool calls per connected app (grant) since an instant, with the last call's time. */
export async function countAssistantReadsByGrant(
  db: TenantDb, grantIds: string[], since: Date,
): Promise<Map<string, { calls: number; lastCallAt: Date | null }>> {
  const orgId = db.orgId;
  const out = new Map<string, { calls: number; lastCallAt: Date | null }>();
  if (!grantIds.length) return out;
  const rows = (await db.query(
    `SELECT grant_id, SUM(called_at >= ?) AS calls, MAX(called_at) AS last_call_at
       FROM assistant_reads WHERE org_id = ? AND grant_id IN (?) GROUP BY grant_id`,
    [since, orgId, grantIds],
  )) as { grant_id: string; calls: string | number | null; last_call_at: Date | null }[];
  for (const r of rows) out.set(r.grant_id, { calls: Number(r.calls ?? 0), lastCallAt: r.last_call_at ? new Date(r.last_call_at) : null });
  return out;
}
