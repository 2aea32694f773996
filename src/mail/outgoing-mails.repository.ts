import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import type { MailReceipt } from './mailer';
import type { MailRetryPlan } from './mail-retry';

/**
 * The SQL of the mail outbox (table outgoing_mails, one row per email to send). A row names the owning
 * feature's row (`kind`, `reference`) and holds the state of the sending only: never an address, a body or
 * a secret (those stay with the owner, so that purging a case's personal data needs nothing here).
 * The worker's statements go by the row's id across tenants (system work: a job or a sweep names the row),
 * through crossTenant ('delivery-claim', 'sweep'); the owners' statements name their tenant.
 */

/** `pending` (queued, or between retries), `sent` (the mail system accepted it), `failed` (given up). */
export type MailState = 'pending' | 'sent' | 'failed';

export interface QueuedMail {
  id: number;
  orgId: string;
  kind: string;
  reference: number;
  attempts: number;
  sendBefore: Date | null;
  /** test: an email about a test case, kept in the service and never sent. */
  mode: 'live' | 'test';
}

/** How an email stands, as its owner shows it (an invite's status, a case's customer emails). */
export interface MailStatus {
  state: MailState;
  /** Attempts made (a send the mail system accepted counts). */
  attempts: number;
  lastError: string | null;
  /** When the mail system accepted it; null until then. */
  acceptedAt: Date | null;
}

const affected = (res: unknown) => (res as { affectedRows?: number }).affectedRows ?? 0;

export async function insertMail(
  db: TenantDb, input: { kind: string; reference: number; sendBefore: Date | null; now: Date; mode: 'live' | 'test' },
): Promise<number> {
  const res = await db.query(
    `INSERT INTO outgoing_mails (org_id, kind, reference, mode, state, attempts, next_attempt_at, send_before, created_at)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
    [db.orgId, input.kind, input.reference, input.mode, input.now, input.sendBefore, input.now],
  );
  return (res as { insertId: number }).insertId;
}

/** Takes the lease on a pending email nobody holds (or whose holder's lease ran out); false when not taken. System work. */
export async function leaseMail(db: Queryable, id: number, now: Date, until: Date): Promise<boolean> {
  return affected(await crossTenant(db, 'delivery-claim').query(
    `UPDATE outgoing_mails SET lease_until = ? WHERE id = ? AND state = 'pending' AND (lease_until IS NULL OR lease_until < ?)`,
    [until, id, now],
  )) === 1;
}

/** Gives a lease back (the email is tried again by a later job or the sweep). System work. */
export async function releaseMailLease(db: Queryable, id: number): Promise<void> {
  await crossTenant(db, 'delivery-claim').query(`UPDATE outgoing_mails SET lease_until = NULL WHERE id = ? AND state = 'pending'`, [id]);
}

/** One email by id. System work. */
export async function readMail(db: Queryable, id: number): Promise<QueuedMail | null> {
  const [row]: { id: number | string; org_id: string; kind: string; reference: number | string; attempts: number | string; send_before: Date | null; mode: 'live' | 'test' }[] =
    await crossTenant(db, 'delivery-claim').query('SELECT id, org_id, kind, reference, attempts, send_before, mode FROM outgoing_mails WHERE id = ?', [id]);
  return row ? {
    id: Number(row.id), orgId: row.org_id, kind: row.kind, reference: Number(row.reference), attempts: Number(row.attempts),
    sendBefore: row.send_before ? new Date(row.send_before) : null, mode: row.mode === 'test' ? 'test' : 'live',
  } : null;
}

/** Marks a pending email sent; false when it was not pending any more (another run got there first). */
export async function markMailSent(db: Queryable, id: number, at: Date, receipt: MailReceipt): Promise<boolean> {
  return affected(await crossTenant(db, 'delivery-claim').query(
    `UPDATE outgoing_mails SET state = 'sent', attempts = attempts + 1, accepted_at = ?, message_id = ?, transport = ?, last_error = NULL,
       lease_until = NULL, next_attempt_at = NULL
     WHERE id = ? AND state = 'pending'`,
    [at, receipt.messageId.slice(0, 255), receipt.transport, id],
  )) === 1;
}

/** Records a refused attempt: the next one's time, or failed when the plan is final; false when it was not pending any more. */
export async function markMailAttemptFailed(db: Queryable, id: number, plan: MailRetryPlan): Promise<boolean> {
  return affected(await crossTenant(db, 'delivery-claim').query(
    `UPDATE outgoing_mails SET attempts = ?, last_error = ?, state = ?, next_attempt_at = ?, lease_until = NULL WHERE id = ? AND state = 'pending'`,
    [plan.attempts, plan.message, plan.final ? 'failed' : 'pending', plan.nextAt, id],
  )) === 1;
}

/** Fails a pending email with no attempt (expired, or nothing left to send); false when it was not pending any more. */
export async function failMail(db: Queryable, id: number, reason: string): Promise<boolean> {
  return affected(await crossTenant(db, 'delivery-claim').query(
    `UPDATE outgoing_mails SET state = 'failed', last_error = ?, lease_until = NULL, next_attempt_at = NULL WHERE id = ? AND state = 'pending'`,
    [reason.slice(0, 1000), id],
  )) === 1;
}

/**
 * Pending emails whose job looks lost: due before `dueBefore` and held by nobody (or by a worker whose lease
 * ran out, a dead one). Oldest first. System work, across tenants.
 */
export async function findLostMail(db: Queryable, dueBefore: Date, now: Date, limit: number): Promise<number[]> {
  const rows: { id: number | string }[] = await crossTenant(db, 'sweep').query(
    `SELECT id FROM outgoing_mails WHERE state = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
     ORDER BY next_attempt_at LIMIT ?`,
    [dueBefore, now, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** How the tenant's emails of one kind stand, by reference (references with no email are absent). */
export async function mailStatuses(db: TenantDb, kind: string, references: number[]): Promise<Map<number, MailStatus>> {
  const orgId = db.orgId;
  if (references.length === 0) return new Map();
  const rows: { reference: number | string; state: MailState; attempts: number | string; last_error: string | null; accepted_at: Date | null }[] =
    await db.query(
      `SELECT reference, state, attempts, last_error, accepted_at FROM outgoing_mails
       WHERE org_id = ? AND kind = ? AND reference IN (${references.map(() => '?').join(', ')})`,
      [orgId, kind, ...references],
    );
  return new Map(rows.map((r) => [Number(r.reference), {
    state: r.state, attempts: Number(r.attempts), lastError: r.last_error, acceptedAt: r.accepted_at ? new Date(r.accepted_at) : null,
  }]));
}

/**
 * Gives up the tenant's still-pending emails of one kind and those references, with the reason as their last
 * error (in the owner's transaction: e.g. a purge that erased what they would say). The owner erases its own secrets.
 */
export async function cancelMail(db: TenantDb, kind: string, references: number[], reason: string): Promise<number> {
  const orgId = db.orgId;
  if (references.length === 0) return 0;
  return affected(await db.query(
    `UPDATE outgoing_mails SET state = 'failed', last_error = ?, lease_until = NULL, next_attempt_at = NULL
     WHERE org_id = ? AND kind = ? AND state = 'pending' AND reference IN (${references.map(() => '?').join(', ')})`,
    [reason.slice(0, 1000), orgId, kind, ...references],
  ));
}

/**
 * Deletes the emails of one kind and those references, whatever their state (the owner deletes its rows,
 * e.g. intake codes past their retention). System work: references are unique per kind across tenants.
 */
export async function forgetMail(db: Queryable, kind: string, references: number[]): Promise<number> {
  if (references.length === 0) return 0;
  return affected(await crossTenant(db, 'sweep').query(
    `DELETE FROM outgoing_mails WHERE kind = ? AND reference IN (${references.map(() => '?').join(', ')})`,
    [kind, ...references],
  ));
}

/** Emails waiting to be sent (pending), every tenant's, counted up to `cap` (a metrics scrape stays cheap). */
export async function pendingMailCount(db: Queryable, cap = 100_000): Promise<number> {
  const rows = (await crossTenant(db, 'sweep').query(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM outgoing_mails WHERE state = 'pending' LIMIT ${Number(cap)}) pending`,
  )) as { n: number | string }[];
  return Number(rows[0]?.n ?? 0);
}
