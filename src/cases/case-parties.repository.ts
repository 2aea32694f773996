import { type TenantDb } from '../db/index';
import type { RosterStatus } from './case-party.entity';

// Writes to a case's parties that other features ask for (idv keeps each person's roster status).

/** Sets the roster status of every party row of one human; returns whether any row changed. */
export async function setPartyRosterStatus(db: TenantDb, casePk: number, personKey: string, status: RosterStatus): Promise<boolean> {
  const orgId = db.orgId;
  const res = (await db.query(
    `UPDATE case_parties SET verification_status = ? WHERE org_id = ? AND case_pk = ? AND person_key = ? AND NOT (verification_status <=> ?)`,
    [status, orgId, casePk, personKey, status],
  )) as { affectedRows: number };
  return Number(res.affectedRows) > 0;
}

/**
 * The email of one human of a case (the first party row's, by personKey; null when none), or undefined when
 * no party of the case has that key. Locks the rows.
 */
export async function findPartyEmail(db: TenantDb, casePk: number, personKey: string): Promise<string | null | undefined> {
  const orgId = db.orgId;
  const rows: { email: string | null }[] = await db.query(
    `SELECT email FROM case_parties WHERE org_id = ? AND case_pk = ? AND person_key = ? ORDER BY FIELD(kind, 'director', 'ubo'), position FOR UPDATE`,
    [orgId, casePk, personKey],
  );
  if (rows.length === 0) return undefined;
  return rows.find((r) => r.email?.trim())?.email?.trim() ?? null;
}

/** Sets the email of every party row of one human of a case. */
export async function setPartyEmail(db: TenantDb, casePk: number, personKey: string, email: string): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE case_parties SET email = ? WHERE org_id = ? AND case_pk = ? AND person_key = ?', [email, orgId, casePk, personKey]);
}
