import { type TenantDb } from '../db/index';
import type { NotificationKind } from './notification-kinds';

/** A member's notification. */
export interface MemberNotification {
  id: number;
  memberId: string;
  kind: NotificationKind;
  caseId: string | null;
  noteId: number | null;
  actorName: string;
  excerpt: string;
  createdAt: Date;
  readAt: Date | null;
}

interface NotificationRow {
  id: number;
  member_id: string;
  kind: NotificationKind;
  case_id: string | null;
  note_id: number | null;
  actor_name: string;
  excerpt: string;
  created_at: Date;
  read_at: Date | null;
}

const toMemberNotification = (r: NotificationRow): MemberNotification => ({
  id: r.id, memberId: r.member_id, kind: r.kind, caseId: r.case_id, noteId: r.note_id, actorName: r.actor_name, excerpt: r.excerpt,
  createdAt: r.created_at, readAt: r.read_at,
});

const COLUMNS = 'id, member_id, kind, case_id, note_id, actor_name, excerpt, created_at, read_at';

export async function insertNotification(db: TenantDb, n: {
  memberId: string; kind: NotificationKind; caseId: string; noteId: number | null; actorName: string; excerpt: string; createdAt: Date;
}): Promise<number> {
  const res = (await db.query(
    `INSERT INTO notifications (org_id, member_id, kind, case_id, note_id, actor_name, excerpt, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [db.orgId, n.memberId, n.kind, n.caseId, n.noteId, n.actorName, n.excerpt, n.createdAt],
  )) as { insertId: number };
  return res.insertId;
}

/** A member's notifications, newest first, before the id `before` when given; `limit` rows at most. */
export async function listNotificationPage(db: TenantDb, memberId: string, opts: { before: number | null; unreadOnly: boolean; limit: number }): Promise<MemberNotification[]> {
  const rows = (await db.query(
    `SELECT ${COLUMNS} FROM notifications WHERE org_id = ? AND member_id = ?${opts.before === null ? '' : ' AND id < ?'}${opts.unreadOnly ? ' AND read_at IS NULL' : ''}
     ORDER BY id DESC LIMIT ?`,
    [db.orgId, memberId, ...(opts.before === null ? [] : [opts.before]), opts.limit],
  )) as NotificationRow[];
  return rows.map(toMemberNotification);
}

export async function findNotification(db: TenantDb, id: number): Promise<MemberNotification | null> {
  const [row] = (await db.query(`SELECT ${COLUMNS} FROM notifications WHERE org_id = ? AND id = ?`, [db.orgId, id])) as NotificationRow[];
  return row ? toMemberNotification(row) : null;
}

export async function countUnread(db: TenantDb, memberId: string): Promise<number> {
  const [row] = (await db.query('SELECT COUNT(*) AS n FROM notifications WHERE org_id = ? AND member_id = ? AND read_at IS NULL', [db.orgId, memberId])) as { n: number }[];
  return row?.n ?? 0;
}

/** Marks the member's unread notifications read: those of `ids`, or all of them when `ids` is null. Others' ids are left alone. */
export async function markRead(db: TenantDb, memberId: string, ids: number[] | null, at: Date): Promise<void> {
  if (ids !== null && ids.length === 0) return;
  await db.query(
    `UPDATE notifications SET read_at = ? WHERE org_id = ? AND member_id = ? AND read_at IS NULL${ids === null ? '' : ` AND id IN (${ids.map(() => '?').join(', ')})`}`,
    [at, db.orgId, memberId, ...(ids ?? [])],
  );
}
