import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { type TenantDb } from '../db/index';
import type { PolicyConditions } from '../policy/index';
import type { AssignmentMode, WorkQueue } from './queue';

// Every statement on work_queues, work_queue_members, work_queue_cases and member_availability.

interface QueueRow {
  id: number | string; position: number; name: string; conditions: string; mode: AssignmentMode; capacity: number | null;
  last_assigned_member_id: string | null;
}

/** The tenant's queues in order, with their members (with `lock`, the queue rows are locked FOR UPDATE). */
export async function loadQueues(db: TenantDb, options: { lock?: boolean } = {}): Promise<WorkQueue[]> {
  const rows: QueueRow[] = await db.query(
    `SELECT id, position, name, conditions, mode, capacity, last_assigned_member_id FROM work_queues WHERE org_id = ? ORDER BY position, id${options.lock ? ' FOR UPDATE' : ''}`,
    [db.orgId],
  );
  if (rows.length === 0) return [];
  const members: { queue_id: number | string; member_id: string }[] = await db.query(
    'SELECT queue_id, member_id FROM work_queue_members WHERE org_id = ? ORDER BY queue_id, position', [db.orgId],
  );
  return rows.map((r) => ({
    id: Number(r.id), position: r.position, name: r.name, conditions: JSON.parse(r.conditions) as PolicyConditions | null, mode: r.mode,
    capacity: r.capacity, lastAssignedMemberId: r.last_assigned_member_id,
    memberIds: members.filter((m) => Number(m.queue_id) === Number(r.id)).map((m) => m.member_id),
  }));
}

/** One queue of the tenant, locked until the transaction ends (automatic assignment runs one at a time per queue), or null. */
export async function lockQueue(db: TenantDb, queueId: number): Promise<WorkQueue | null> {
  const [row]: QueueRow[] = await db.query(
    'SELECT id, position, name, conditions, mode, capacity, last_assigned_member_id FROM work_queues WHERE org_id = ? AND id = ? FOR UPDATE', [db.orgId, queueId],
  );
  if (!row) return null;
  const members: { member_id: string }[] = await db.query(
    'SELECT member_id FROM work_queue_members WHERE org_id = ? AND queue_id = ? ORDER BY position', [db.orgId, queueId],
  );
  return {
    id: Number(row.id), position: row.position, name: row.name, conditions: JSON.parse(row.conditions) as PolicyConditions | null, mode: row.mode,
    capacity: row.capacity, lastAssignedMemberId: row.last_assigned_member_id, memberIds: members.map((m) => m.member_id),
  };
}

export interface QueueInput {
  name: string;
  conditions: PolicyConditions | null;
  mode: AssignmentMode;
  capacity: number | null;
  memberIds: string[];
}

/**
 * Replaces the tenant's queues with `queues` in this order: a queue keeps its id when its name stays,
 * the others are created, and the ones left out are deleted with their members and case places.
 */
export async function replaceQueues(db: TenantDb, queues: QueueInput[], now: Date): Promise<void> {
  const existing: { id: number | string; name: string }[] = await db.query('SELECT id, name FROM work_queues WHERE org_id = ? FOR UPDATE', [db.orgId]);
  const byName = new Map(existing.map((q) => [q.name.toLowerCase(), Number(q.id)]));
  const kept = new Set<number>();
  // Positions move out of the way first: a reordered list never collides with itself.
  await db.query('UPDATE work_queues SET position = position + 100000 WHERE org_id = ?', [db.orgId]);
  for (const [i, q] of queues.entries()) {
    let id = byName.get(q.name.toLowerCase());
    if (id !== undefined) {
      await db.query(
        'UPDATE work_queues SET position = ?, name = ?, conditions = ?, mode = ?, capacity = ?, updated_at = ? WHERE org_id = ? AND id = ?',
        [i, q.name, JSON.stringify(q.conditions), q.mode, q.capacity, now, db.orgId, id],
      );
    } else {
      const r: { insertId: number } = await db.query(
        'INSERT INTO work_queues (org_id, position, name, conditions, mode, capacity, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [db.orgId, i, q.name, JSON.stringify(q.conditions), q.mode, q.capacity, now, now],
      );
      id = Number(r.insertId);
    }
    kept.add(id);
    await db.query('DELETE FROM work_queue_members WHERE org_id = ? AND queue_id = ?', [db.orgId, id]);
    if (q.memberIds.length) {
      await db.query(
        `INSERT INTO work_queue_members (org_id, queue_id, member_id, position) VALUES ${q.memberIds.map(() => '(?, ?, ?, ?)').join(', ')}`,
        q.memberIds.flatMap((m, p) => [db.orgId, id, m, p]),
      );
    }
  }
  const gone = existing.map((q) => Number(q.id)).filter((id) => !kept.has(id));
  if (gone.length) {
    await db.query('DELETE FROM work_queue_members WHERE org_id = ? AND queue_id IN (?)', [db.orgId, gone]);
    await db.query('DELETE FROM work_queue_cases WHERE org_id = ? AND queue_id IN (?)', [db.orgId, gone]);
    await db.query('DELETE FROM work_queues WHERE org_id = ? AND id IN (?)', [db.orgId, gone]);
  }
}

/** Notes the member round robin gave the queue's last case to (it goes on after them next time). */
export async function setLastAssigned(db: TenantDb, queueId: number, memberId: string): Promise<void> {
  await db.query('UPDATE work_queues SET last_assigned_member_id = ? WHERE org_id = ? AND id = ?', [memberId, db.orgId, queueId]);
}

/** Where a case sits: its queue (null: none, or closed) and what a hand-out needs of it. */
export interface CasePlace {
  casePk: number;
  queueId: number | null;
  caseCreatedAt: Date;
  ownerMemberId: string | null;
  needsSenior: boolean;
}

/**
 * Writes the places of some of the tenant's cases: an upsert for those in a queue (entered_at restarts when
 * the queue changes; a hand-out is forgotten once the owner is someone else, and kept through a read that
 * saw no owner yet), a delete for the others.
 */
export async function writePlaces(db: TenantDb, places: CasePlace[], now: Date): Promise<void> {
  const inQueue = places.filter((p) => p.queueId !== null);
  const out = places.filter((p) => p.queueId === null).map((p) => p.casePk);
  if (out.length) await db.query('DELETE FROM work_queue_cases WHERE org_id = ? AND case_pk IN (?)', [db.orgId, out]);
  if (inQueue.length === 0) return;
  await db.query(
    `INSERT INTO work_queue_cases (case_pk, org_id, queue_id, case_created_at, owner_member_id, needs_senior, entered_at, refreshed_at)
     VALUES ${inQueue.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE
       entered_at = IF(queue_id <=> VALUES(queue_id), entered_at, VALUES(entered_at)),
       handed_to = IF(VALUES(owner_member_id) IS NULL OR handed_to <=> VALUES(owner_member_id), handed_to, NULL),
       handed_sequence = IF(handed_to IS NULL, NULL, handed_sequence),
       queue_id = VALUES(queue_id), case_created_at = VALUES(case_created_at), owner_member_id = VALUES(owner_member_id),
       needs_senior = VALUES(needs_senior), refreshed_at = VALUES(refreshed_at)`,
    inQueue.flatMap((p) => [p.casePk, db.orgId, p.queueId, p.caseCreatedAt, p.ownerMemberId, p.needsSenior ? 1 : 0, now, now]),
  );
}

/** The tenant's case places refreshed longest ago (the sweep looks at them again). */
export async function stalestPlaces(db: TenantDb, limit: number): Promise<number[]> {
  const rows: { case_pk: number | string }[] = await db.query(
    `SELECT case_pk FROM work_queue_cases WHERE org_id = ? ORDER BY refreshed_at LIMIT ${Math.floor(limit)}`, [db.orgId],
  );
  return rows.map((r) => Number(r.case_pk));
}

/**
 * Claims the oldest unassigned cases of a queue (row locks until the transaction ends), skipping those
 * another transaction holds (FOR UPDATE SKIP LOCKED): concurrent callers never claim the same case.
 * Without `senior`, cases waiting for senior review are left for seniors.
 */
export async function claimUnassigned(db: TenantDb, queueId: number, options: { senior: boolean; limit: number; skip?: number[] }): Promise<{ casePk: number; needsSenior: boolean }[]> {
  const skip = options.skip?.length ? ' AND case_pk NOT IN (?)' : '';
  const rows: { case_pk: number | string; needs_senior: number }[] = await db.query(
    `SELECT case_pk, needs_senior FROM work_queue_cases FORCE INDEX (ix_work_queue_cases_next)
     WHERE org_id = ? AND queue_id = ? AND owner_member_id IS NULL${options.senior ? '' : ' AND needs_senior = 0'}${skip}
     ORDER BY case_created_at, case_pk LIMIT ${Math.floor(options.limit)} FOR UPDATE SKIP LOCKED`,
    options.skip?.length ? [db.orgId, queueId, options.skip] : [db.orgId, queueId],
  );
  return rows.map((r) => ({ casePk: Number(r.case_pk), needsSenior: r.needs_senior === 1 }));
}

/** Records who owns a claimed case now; with `handedSequence`, that the queue handed it to them (its event count just after). */
export async function markOwned(db: TenantDb, casePk: number, ownerMemberId: string | null, handedSequence: number | null, now: Date): Promise<void> {
  await db.query(
    'UPDATE work_queue_cases SET owner_member_id = ?, handed_to = ?, handed_sequence = ?, refreshed_at = ? WHERE org_id = ? AND case_pk = ?',
    [ownerMemberId, handedSequence === null ? null : ownerMemberId, handedSequence, now, db.orgId, casePk],
  );
}

/**
 * Corrects the owner of a stale place (the case was assigned outside the queue, or a reaction wrote an owner
 * read before a hand-out committed): a hand-out to that same owner is kept.
 */
export async function correctOwner(db: TenantDb, casePk: number, ownerMemberId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE work_queue_cases SET handed_to = IF(handed_to <=> ?, handed_to, NULL), handed_sequence = IF(handed_to IS NULL, NULL, handed_sequence),
       owner_member_id = ?, refreshed_at = ? WHERE org_id = ? AND case_pk = ?`,
    [ownerMemberId, ownerMemberId, now, db.orgId, casePk],
  );
}

/** Forgets a case's place (it closed or went away). */
export async function deletePlace(db: TenantDb, casePk: number): Promise<void> {
  await db.query('DELETE FROM work_queue_cases WHERE org_id = ? AND case_pk = ?', [db.orgId, casePk]);
}

/** The cases the queues handed to `memberId` that they still own, locked, with the event count of each hand-out. */
export async function lockHandedTo(db: TenantDb, memberId: string): Promise<{ casePk: number; handedSequence: number }[]> {
  const rows: { case_pk: number | string; handed_sequence: number }[] = await db.query(
    'SELECT case_pk, handed_sequence FROM work_queue_cases WHERE org_id = ? AND handed_to = ? AND owner_member_id = ? ORDER BY case_pk FOR UPDATE',
    [db.orgId, memberId, memberId],
  );
  return rows.map((r) => ({ casePk: Number(r.case_pk), handedSequence: Number(r.handed_sequence) }));
}

/** Open, unassigned and oldest-case figures per queue of the tenant. */
export async function queueCounts(db: TenantDb): Promise<Map<number, { open: number; unassigned: number; oldest: Date | null }>> {
  const rows: { queue_id: number | string; open: number | string; unassigned: number | string | null; oldest: Date | null }[] = await db.query(
    `SELECT queue_id, COUNT(*) AS open, SUM(owner_member_id IS NULL) AS unassigned, MIN(case_created_at) AS oldest
     FROM work_queue_cases WHERE org_id = ? GROUP BY queue_id`,
    [db.orgId],
  );
  return new Map(rows.map((r) => [Number(r.queue_id), { open: Number(r.open), unassigned: Number(r.unassigned ?? 0), oldest: r.oldest }]));
}

/** The queue each of these cases sits in now (cases in no queue are absent). */
export async function queuesOfCases(db: TenantDb, casePks: readonly number[]): Promise<Map<number, number>> {
  if (casePks.length === 0) return new Map();
  const rows: { case_pk: number | string; queue_id: number | string }[] = await db.query(
    'SELECT case_pk, queue_id FROM work_queue_cases WHERE org_id = ? AND case_pk IN (?)', [db.orgId, [...casePks]],
  );
  return new Map(rows.map((r) => [Number(r.case_pk), Number(r.queue_id)]));
}

/**
 * A condition for another feature's read of cases: "the case (its pk in `casePkColumn`, its tenant in
 * `orgIdColumn`) sits in the queue now", with the queue id as its one parameter. Read only.
 */
export function inQueueCondition(casePkColumn: string, orgIdColumn: string): string {
  return `EXISTS (SELECT 1 FROM work_queue_cases wq WHERE wq.org_id = ${orgIdColumn} AND wq.case_pk = ${casePkColumn} AND wq.queue_id = ?)`;
}

export interface AvailabilitySetting { memberId: string; available: boolean; until: Date | null }

/** The stored availability settings of the tenant's members (members without one are absent: available). */
export async function availabilityOf(db: TenantDb, memberIds: readonly string[]): Promise<Map<string, AvailabilitySetting>> {
  if (memberIds.length === 0) return new Map();
  const rows: { member_id: string; available: number; until: Date | null }[] = await db.query(
    'SELECT member_id, available, until FROM member_availability WHERE org_id = ? AND member_id IN (?)', [db.orgId, [...memberIds]],
  );
  return new Map(rows.map((r) => [r.member_id, { memberId: r.member_id, available: r.available === 1, until: r.until }]));
}

export async function writeAvailability(db: TenantDb, row: AvailabilitySetting, by: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO member_availability (org_id, member_id, available, until, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE available = VALUES(available), until = VALUES(until), updated_at = VALUES(updated_at), updated_by = VALUES(updated_by)`,
    [db.orgId, row.memberId, row.available ? 1 : 0, row.until, now, by],
  );
}

/** The tenants that have queues (the sweep's work list). */
export async function tenantsWithQueues(db: Queryable): Promise<string[]> {
  const rows: { org_id: string }[] = await crossTenant(db, 'sweep').query('SELECT DISTINCT org_id FROM work_queues', []);
  return rows.map((r) => r.org_id);
}

/** The tenant's members whose availability setting has an `until` at or before `now` (it has lapsed). */
export async function lapsedAvailability(db: TenantDb, now: Date): Promise<string[]> {
  const rows: { member_id: string }[] = await db.query(
    'SELECT member_id FROM member_availability WHERE org_id = ? AND until IS NOT NULL AND until <= ? ORDER BY member_id', [db.orgId, now],
  );
  return rows.map((r) => r.member_id);
}

/** A member's availability setting, locked until the transaction ends, or null without one. */
export async function lockAvailability(db: TenantDb, memberId: string): Promise<AvailabilitySetting | null> {
  const [r]: { member_id: string; available: number; until: Date | null }[] = await db.query(
    'SELECT member_id, available, until FROM member_availability WHERE org_id = ? AND member_id = ? FOR UPDATE', [db.orgId, memberId],
  );
  return r ? { memberId: r.member_id, available: r.available === 1, until: r.until } : null;
}

/** One queue's SLA breaches in a member's daily digest. */
export interface DigestQueue { queue: string; cases: { caseId: string; dueAt: string | null }[] }

/**
 * Writes a member's digest of the day (false when they already have one for that day: one per member and
 * day), returning its id.
 */
export async function insertSlaDigest(db: TenantDb, memberId: string, day: string, queues: DigestQueue[], now: Date): Promise<number | null> {
  const r: { insertId: number; affectedRows: number } = await db.query(
    'INSERT IGNORE INTO queue_sla_digests (org_id, member_id, day, breaches, created_at) VALUES (?, ?, ?, ?, ?)',
    [db.orgId, memberId, day, JSON.stringify(queues), now],
  );
  return Number(r.affectedRows) === 1 ? Number(r.insertId) : null;
}

export async function findSlaDigest(db: TenantDb, id: number): Promise<{ memberId: string; day: string; queues: DigestQueue[] } | null> {
  const [r]: { member_id: string; day: string | Date; breaches: string }[] = await db.query(
    'SELECT member_id, CAST(day AS CHAR) AS day, breaches FROM queue_sla_digests WHERE org_id = ? AND id = ?', [db.orgId, id],
  );
  return r ? { memberId: r.member_id, day: String(r.day), queues: JSON.parse(r.breaches) as DigestQueue[] } : null;
}
