import { type TenantDb } from '../db/index';
import type { EventType } from '../events/catalogue';

/**
 * The SQL of customer emails (customer_emails). Every function takes a tenant-bound handle (forTenant over
 * a manager or the pool). JSON columns come back as text (MariaDB's JSON is LONGTEXT) or parsed; the
 * mappers below parse them.
 */

const json = <T>(v: string | T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** What an email says, as stored: its paragraphs, the items asked for, and its button's label and note. */
export interface CustomerEmailBody {
  paragraphs: string[];
  items: { key: string; label: string }[];
  actionLabel: string | null;
  actionNote: string | null;
}

/** An event to record once the email is accepted, as stored (its fields may hold the `$sentAt` marker). */
export interface StoredCustomerEmailEvent {
  type: EventType;
  fields: Record<string, unknown>;
}

export async function insertCustomerEmail(
  db: TenantDb,
  e: {
    casePk: number; kind: string; recipientEmail: string; recipientName: string | null; subject: string; body: CustomerEmailBody;
    unsubscribeUrl: string | null; events: unknown[]; at: Date;
  },
): Promise<number> {
  const res = await db.query(
    `INSERT INTO customer_emails (org_id, case_pk, kind, recipient_email, recipient_name, subject, body, unsubscribe_url, events, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [db.orgId, e.casePk, e.kind, e.recipientEmail, e.recipientName, e.subject, JSON.stringify(e.body), e.unsubscribeUrl, JSON.stringify(e.events), e.at],
  );
  return (res as { insertId: number }).insertId;
}

/** Stores the email's sealed action link. */
export async function sealCustomerEmailAction(db: TenantDb, emailId: number, sealed: { ciphertext: string; keyId: string }): Promise<void> {
  await db.query('UPDATE customer_emails SET action_sealed = ?, action_key_id = ? WHERE org_id = ? AND id = ?', [sealed.ciphertext, sealed.keyId, db.orgId, emailId]);
}

/** Erases the email's sealed action link (once sent or given up). */
export async function eraseCustomerEmailAction(db: TenantDb, emailId: number): Promise<void> {
  await db.query('UPDATE customer_emails SET action_sealed = NULL, action_key_id = NULL WHERE org_id = ? AND id = ?', [db.orgId, emailId]);
}

/** A customer email as the mail outbox renders it, with its tenant's branding. */
export interface OutgoingCustomerEmail {
  orgId: string;
  casePk: number;
  recipientEmail: string;
  recipientName: string | null;
  subject: string;
  body: CustomerEmailBody;
  actionSealed: string | null;
  actionKeyId: string | null;
  unsubscribeUrl: string | null;
  tenantName: string;
  brandColor: string;
  logoUrl: string | null;
}

interface OutgoingCustomerEmailRow {
  org_id: string;
  case_pk: number;
  recipient_email: string;
  recipient_name: string | null;
  subject: string;
  body: string | CustomerEmailBody;
  action_sealed: string | null;
  action_key_id: string | null;
  unsubscribe_url: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
}

const toOutgoingCustomerEmail = (r: OutgoingCustomerEmailRow): OutgoingCustomerEmail => ({
  orgId: r.org_id, casePk: r.case_pk, recipientEmail: r.recipient_email, recipientName: r.recipient_name, subject: r.subject, body: json(r.body),
  actionSealed: r.action_sealed, actionKeyId: r.action_key_id, unsubscribeUrl: r.unsubscribe_url, tenantName: r.tenant_name,
  brandColor: r.brand_color, logoUrl: r.logo_url,
});

/** One email of the tenant by id, with the tenant's branding; null when none. */
export async function findOutgoingCustomerEmail(db: TenantDb, emailId: number): Promise<OutgoingCustomerEmail | null> {
  const [row]: OutgoingCustomerEmailRow[] = await db.query(
    `SELECT e.org_id, e.case_pk, e.recipient_email, e.recipient_name, e.subject, e.body, e.action_sealed, e.action_key_id,
      e.unsubscribe_url, t.name AS tenant_name, t.brand_color, t.logo_url
     FROM customer_emails e JOIN tenants t ON t.id = e.org_id WHERE e.org_id = ? AND e.id = ?`,
    [db.orgId, emailId],
  );
  return row ? toOutgoingCustomerEmail(row) : null;
}

/** The email's case and the events to record once it is accepted; null when none. */
export async function findCustomerEmailEvents(db: TenantDb, emailId: number): Promise<{ casePk: number; events: StoredCustomerEmailEvent[] } | null> {
  const [row]: { case_pk: number; events: string | StoredCustomerEmailEvent[] }[] = await db.query(
    'SELECT case_pk, events FROM customer_emails WHERE org_id = ? AND id = ?', [db.orgId, emailId],
  );
  return row ? { casePk: row.case_pk, events: json(row.events) } : null;
}

/** A customer email of a case as the console lists it (never its link or body text). */
export interface CaseCustomerEmail {
  id: number;
  kind: string;
  recipientEmail: string;
  subject: string;
  items: { key: string; label: string }[];
  createdAt: Date;
}

interface CaseCustomerEmailRow {
  id: number;
  kind: string;
  recipient_email: string;
  subject: string;
  body: string | { items: { key: string; label: string }[] };
  created_at: Date;
}

const toCaseCustomerEmail = (r: CaseCustomerEmailRow): CaseCustomerEmail => ({
  id: r.id, kind: r.kind, recipientEmail: r.recipient_email, subject: r.subject, items: json(r.body).items, createdAt: r.created_at,
});

/** The customer emails of a case, newest first, at most `limit`. */
export async function listCaseCustomerEmailRecords(db: TenantDb, casePk: number, limit: number): Promise<CaseCustomerEmail[]> {
  const rows: CaseCustomerEmailRow[] = await db.query(
    `SELECT id, kind, recipient_email, subject, body, created_at FROM customer_emails WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
    [db.orgId, casePk],
  );
  return rows.map(toCaseCustomerEmail);
}

/**
 * Zero retention: a case's customer emails lose their addresses, names, subjects, bodies, sealed action
 * links and delivery events. Returns the ids of the case's emails.
 */
/** As purgeCustomerEmailsOfCase, for the emails of a case sent to one of `recipients` (lower-case addresses) only. */
export async function purgeCustomerEmailsTo(db: TenantDb, casePk: number, recipients: string[]): Promise<number[]> {
  if (!recipients.length) return [];
  const orgId = db.orgId;
  const emails: { id: number }[] = await db.query(
    'SELECT id FROM customer_emails WHERE org_id = ? AND case_pk = ? AND LOWER(recipient_email) IN (?)', [orgId, casePk, recipients],
  );
  if (!emails.length) return [];
  const ids = emails.map((e) => Number(e.id));
  await db.query(
    `UPDATE customer_emails SET recipient_email = '', recipient_name = NULL, subject = '',
       body = JSON_OBJECT('paragraphs', JSON_ARRAY(), 'items', JSON_ARRAY(), 'actionLabel', NULL, 'actionNote', NULL),
       action_sealed = NULL, action_key_id = NULL, unsubscribe_url = NULL, events = JSON_ARRAY()
     WHERE org_id = ? AND case_pk = ? AND id IN (?)`,
    [orgId, casePk, ids],
  );
  return ids;
}

export async function purgeCustomerEmailsOfCase(db: TenantDb, casePk: number): Promise<number[]> {
  const orgId = db.orgId;
  await db.query(
    `UPDATE customer_emails SET recipient_email = '', recipient_name = NULL, subject = '',
       body = JSON_OBJECT('paragraphs', JSON_ARRAY(), 'items', JSON_ARRAY(), 'actionLabel', NULL, 'actionNote', NULL),
       action_sealed = NULL, action_key_id = NULL, unsubscribe_url = NULL, events = JSON_ARRAY()
     WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  const emails: { id: number }[] = await db.query('SELECT id FROM customer_emails WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  return emails.map((e) => e.id);
}
