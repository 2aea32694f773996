import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';

/**
 * The SQL of what was asked of a customer by email: document requests (`document_requests`), the EDD
 * requirements that were requested (`edd_requirements.requested_at`), and the per-case reminder state
 * (`outreach_reminders`). Every function takes the database, then the tenant; the unsubscribe link's lookup
 * and the reminder sweep span tenants (crossTenant).
 */

/** Where a requested item lives: an EDD requirement or a document request. */
export type RequestedItemSource = 'edd' | 'document';
export type RequestedItemStatus = 'outstanding' | 'received' | 'waived';

export interface StoredRequestedItem {
  source: RequestedItemSource;
  key: string;
  label: string;
  status: RequestedItemStatus;
  requestedAt: Date;
}

/** A case's requested items: the EDD requirements asked for by email, then the document requests, each in request order. */
export async function listRequestedItems(db: TenantDb, casePk: number): Promise<StoredRequestedItem[]> {
  const orgId = db.orgId;
  const rows: { source: RequestedItemSource; item_key: string; label: string; status: RequestedItemStatus; requested_at: Date }[] = await db.query(
    `SELECT 'edd' AS source, req_key AS item_key, label, status, requested_at, id FROM edd_requirements
      WHERE org_id = ? AND case_pk = ? AND requested_at IS NOT NULL
     UNION ALL
     SELECT 'document' AS source, item_key, label, status, requested_at, id FROM document_requests WHERE org_id = ? AND case_pk = ?
     ORDER BY source DESC, requested_at, id`,
    [orgId, casePk, orgId, casePk],
  );
  return rows.map((r) => ({ source: r.source, key: r.item_key, label: r.label, status: r.status, requestedAt: r.requested_at }));
}

/** Asks for document items (again): new ones are added, ones already there become outstanding again under the new label. */
export async function upsertDocumentRequests(
  db: TenantDb, casePk: number, items: { key: string; label: string }[], requestedBy: string, at: Date,
): Promise<void> {
  const orgId = db.orgId;
  for (const i of items) {
    await db.query(
      `INSERT INTO document_requests (org_id, case_pk, item_key, label, status, requested_by, requested_at) VALUES (?, ?, ?, ?, 'outstanding', ?, ?)
       ON DUPLICATE KEY UPDATE label = VALUES(label), status = 'outstanding', requested_by = VALUES(requested_by), requested_at = VALUES(requested_at), received_at = NULL`,
      [orgId, casePk, i.key, i.label, requestedBy, at],
    );
  }
}

/** Marks a document request received; false when it is not outstanding (or not there). */
export async function markDocumentRequestReceived(db: TenantDb, casePk: number, key: string, at: Date): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    `UPDATE document_requests SET status = 'received', received_at = ? WHERE org_id = ? AND case_pk = ? AND item_key = ? AND status = 'outstanding'`,
    [at, orgId, casePk, key],
  );
  return (res as { affectedRows: number }).affectedRows === 1;
}

export interface CaseReminder {
  id: number;
  recipientEmail: string;
  requestedAt: Date;
  sentCount: number;
  nextDueAt: Date | null;
  lastSentAt: Date | null;
  stoppedReason: string | null;
  unsubscribedAt: Date | null;
}

type RawReminder = {
  id: number | string; recipient_email: string; requested_at: Date; sent_count: number | string; next_due_at: Date | null; last_sent_at: Date | null;
  stopped_reason: string | null; unsubscribed_at: Date | null;
};
const reminderOf = (r: RawReminder): CaseReminder => ({
  id: Number(r.id), recipientEmail: r.recipient_email, requestedAt: r.requested_at, sentCount: Number(r.sent_count), nextDueAt: r.next_due_at,
  lastSentAt: r.last_sent_at, stoppedReason: r.stopped_reason, unsubscribedAt: r.unsubscribed_at,
});
const REMINDER_COLUMNS = 'id, recipient_email, requested_at, sent_count, next_due_at, last_sent_at, stopped_reason, unsubscribed_at';

/** A case's reminder state, locked until the caller's transaction ends when `lock`. */
export async function findReminder(db: TenantDb, casePk: number, lock = false): Promise<CaseReminder | null> {
  const orgId = db.orgId;
  const [row]: RawReminder[] = await db.query(
    `SELECT ${REMINDER_COLUMNS} FROM outreach_reminders WHERE org_id = ? AND case_pk = ?${lock ? ' FOR UPDATE' : ''}`, [orgId, casePk],
  );
  return row ? reminderOf(row) : null;
}

/** A reminder state by its id with its case (for the unsubscribe link, whose token names the id), locked. */
export async function lockReminderById(db: Queryable, id: number): Promise<(CaseReminder & { orgId: string; casePk: number }) | null> {
  const [row]: (RawReminder & { org_id: string; case_pk: number | string })[] = await crossTenant(db, 'token-lookup').query(
    `SELECT ${REMINDER_COLUMNS}, org_id, case_pk FROM outreach_reminders WHERE id = ? FOR UPDATE`, [id],
  );
  return row ? { ...reminderOf(row), orgId: row.org_id, casePk: Number(row.case_pk) } : null;
}

/**
 * A new request starts the case's reminders over: requested now, no reminder sent, the first due at
 * `nextDueAt` (null: reminders off). An unsubscribe stays in force for the same recipient.
 */
export async function restartReminder(db: TenantDb, casePk: number, recipientEmail: string, at: Date, nextDueAt: Date | null): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `INSERT INTO outreach_reminders (org_id, case_pk, recipient_email, requested_at, sent_count, next_due_at, stopped_reason) VALUES (?, ?, ?, ?, 0, ?, NULL)
     ON DUPLICATE KEY UPDATE unsubscribed_at = IF(recipient_email = VALUES(recipient_email), unsubscribed_at, NULL),
       recipient_email = VALUES(recipient_email), requested_at = VALUES(requested_at), sent_count = 0,
       next_due_at = IF(unsubscribed_at IS NULL, VALUES(next_due_at), NULL), stopped_reason = IF(unsubscribed_at IS NULL, NULL, 'unsubscribed')`,
    [orgId, casePk, recipientEmail, at, nextDueAt],
  );
}

/** Records a reminder slot as used (sent_count becomes `sentCount`) and the next due time (null: none). */
export async function advanceReminder(db: TenantDb, casePk: number, sentCount: number, at: Date, nextDueAt: Date | null): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE outreach_reminders SET sent_count = ?, last_sent_at = ?, next_due_at = ? WHERE org_id = ? AND case_pk = ?',
    [sentCount, at, nextDueAt, orgId, casePk],
  );
}

/** Stops a case's reminders for good (until a new request), saying why. */
export async function stopReminder(db: TenantDb, casePk: number, reason: string, at: Date | null = null): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `UPDATE outreach_reminders SET next_due_at = NULL, stopped_reason = ?, unsubscribed_at = IF(? = 'unsubscribed', COALESCE(unsubscribed_at, ?), unsubscribed_at)
     WHERE org_id = ? AND case_pk = ?`,
    [reason, reason, at, orgId, casePk],
  );
}

/** Zero retention: the reminder recipient goes, and with it the case's reminders (stopped as `case_closed`). */
export async function purgeReminderRecipient(db: TenantDb, casePk: number): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `UPDATE outreach_reminders SET recipient_email = '', next_due_at = NULL, stopped_reason = 'case_closed' WHERE org_id = ? AND case_pk = ?`, [orgId, casePk],
  );
}

/** One tenant's cases whose reminder is due by `now`, oldest first (its test clock's work: src/test-helpers). */
export async function dueRemindersOfTenant(db: TenantDb, now: Date, limit: number): Promise<number[]> {
  const orgId = db.orgId;
  const rows: { case_pk: number | string }[] = await db.query(
    `SELECT case_pk FROM outreach_reminders WHERE org_id = ? AND next_due_at IS NOT NULL AND next_due_at <= ? ORDER BY next_due_at LIMIT ${Math.floor(limit)}`,
    [orgId, now],
  );
  return rows.map((r) => Number(r.case_pk));
}

/** Reminders due before `cutoff` (any tenant: the sweep's system work), oldest first. */
export async function dueReminders(db: Queryable, cutoff: Date, limit: number): Promise<{ orgId: string; casePk: number; nextDueAt: Date }[]> {
  const rows: { org_id: string; case_pk: number | string; next_due_at: Date }[] = await crossTenant(db, 'sweep').query(
    'SELECT org_id, case_pk, next_due_at FROM outreach_reminders WHERE next_due_at IS NOT NULL AND next_due_at <= ? ORDER BY next_due_at LIMIT ?',
    [cutoff, limit],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: Number(r.case_pk), nextDueAt: r.next_due_at }));
}

/**
 * Since when each of these cases waits on its customer: the oldest request still outstanding (an EDD
 * requirement asked for by email, or a document request). Cases waiting on nothing are absent (src/sla pauses
 * its clock on it).
 */
export async function awaitingCustomerSince(db: TenantDb, casePks: readonly number[]): Promise<Map<number, Date>> {
  if (casePks.length === 0) return new Map();
  const orgId = db.orgId;
  const pks = [...casePks];
  const rows: { case_pk: number | string; since: Date }[] = await db.query(
    `SELECT case_pk, MIN(requested_at) AS since FROM (
       SELECT case_pk, requested_at FROM edd_requirements WHERE org_id = ? AND case_pk IN (?) AND requested_at IS NOT NULL AND status = 'outstanding'
       UNION ALL
       SELECT case_pk, requested_at FROM document_requests WHERE org_id = ? AND case_pk IN (?) AND status = 'outstanding'
     ) waiting GROUP BY case_pk`,
    [orgId, pks, orgId, pks],
  );
  return new Map(rows.map((r) => [Number(r.case_pk), r.since]));
}
