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
