import { purgeCaseCustomerContact } from '../cases/index';
import { redactOverrideBlockers } from '../decisions/index';
import type { Queryable } from '../db/queryable';
import { cancelMail } from '../mail/index';
import { CUSTOMER_EMAIL_MAIL } from '../customer-emails/index';
import { redactEventPayload } from './redact-event';

/**
 * The SQL of zero retention: the purge gate, the purge itself and the sweep's lookups. Every function
 * takes the database first and the tenant second (the sweep's cross-tenant lookups excepted, which
 * return tenant and case together), and touches that tenant's rows only.
 */

/** The event type whose 2xx deliveries release a purge. */
export const DATA_PACKAGE_EVENT = 'case.data_package.delivered';

/** A tenant's zero-retention switch: on since when, or null when off. */
export async function readZeroRetentionSince(db: Queryable, orgId: string): Promise<Date | null> {
  const [row]: { zero_retention: number; zero_retention_since: Date | null }[] = await db.query(
    'SELECT zero_retention, zero_retention_since FROM tenants WHERE id = ?', [orgId],
  );
  return row && Number(row.zero_retention) === 1 && row.zero_retention_since ? new Date(row.zero_retention_since) : null;
}

/** A case row locked until the caller's transaction ends, with what the purge needs; null when not the tenant's. */
export async function lockCaseForPurge(
  db: Queryable, orgId: string, casePk: number,
): Promise<{ pk: number; caseId: string; purgedAt: Date | null } | null> {
  const [row]: { pk: number | string; case_id: string; purged_at: Date | null }[] = await db.query(
    'SELECT pk, case_id, purged_at FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, casePk],
  );
  return row ? { pk: Number(row.pk), caseId: row.case_id, purgedAt: row.purged_at } : null;
}

/** The pk of a tenant's case by its public id, or null. */
export async function findCasePkById(db: Queryable, orgId: string, caseId: string): Promise<number | null> {
  const [row]: { pk: number | string }[] = await db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [orgId, caseId]);
  return row ? Number(row.pk) : null;
}

/** The latest data package of a case recorded since `since`, and where its deliveries stand. */
export interface PackageDeliveries {
  eventId: string;
  occurredAt: Date;
  relayed: boolean;
  /** Deliveries to endpoints that still exist (a deleted endpoint is subscribed to nothing). */
  deliveries: number;
  /** Of those, how many are `delivered` (a 2xx). */
  delivered: number;
}

/**
 * Where the case's latest `case.data_package.delivered` since `since` stands. The fan-out wrote one
 * delivery per endpoint subscribed when it relayed the event (pending, or skipped_paused for a paused
 * endpoint), so those rows are the endpoints the purge waits for.
 */
export async function findPackageDeliveries(db: Queryable, orgId: string, casePk: number, since: Date): Promise<PackageDeliveries | null> {
  const [ev]: { seq: number | string; event_id: string; occurred_at: Date; relayed_at: Date | null }[] = await db.query(
    `SELECT seq, event_id, occurred_at, relayed_at FROM events
     WHERE org_id = ? AND case_pk = ? AND type = ? AND occurred_at >= ? ORDER BY seq DESC LIMIT 1`,
    [orgId, casePk, DATA_PACKAGE_EVENT, since],
  );
  if (!ev) return null;
  const [n]: { deliveries: number | string; delivered: number | string | null }[] = await db.query(
    `SELECT COUNT(*) AS deliveries, SUM(d.state = 'delivered') AS delivered
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
     WHERE d.org_id = ? AND d.event_id = ? AND e.deleted_at IS NULL`,
    [orgId, ev.event_id],
  );
  return {
    eventId: ev.event_id, occurredAt: new Date(ev.occurred_at), relayed: ev.relayed_at !== null,
    deliveries: Number(n?.deliveries ?? 0), delivered: Number(n?.delivered ?? 0),
  };
}

/** Blob keys of a case's documents that were purged but whose bytes may still exist. */
export async function listPurgedBlobKeys(db: Queryable, orgId: string, casePk: number): Promise<{ id: number; blobKey: string }[]> {
  const rows: { id: number | string; blob_key: string }[] = await db.query(
    'SELECT id, blob_key FROM documents WHERE org_id = ? AND case_pk = ? AND purged_at IS NOT NULL AND blob_key IS NOT NULL', [orgId, casePk],
  );
  return rows.map((r) => ({ id: Number(r.id), blobKey: r.blob_key }));
}

/** Forgets a purged document's blob once its bytes are deleted. */
export async function clearPurgedBlobKey(db: Queryable, orgId: string, documentId: number, blobKey: string): Promise<void> {
  await db.query(
    'UPDATE documents SET blob_key = NULL, sha256 = NULL WHERE org_id = ? AND id = ? AND blob_key = ? AND purged_at IS NOT NULL', [orgId, documentId, blobKey],
  );
}

/** What a purge removed, per category (row counts), for the audit line. */
export interface PurgedCounts {
  documents: number;
  parties: number;
  screeningHits: number;
  companyProfile: number;
  /** The case's events whose stored bytes were rewritten without personal data. */
  events: number;
}

/**
 * Removes the personal data of one case in the caller's transaction. The case keeps its ids, status,
 * source, company name and number, country, CRM ids, owner, decisions, risk, screening counters and its
 * hits' verdicts; what goes (null, or empty where the column cannot be null) is written in
 * docs/retention.md. Document rows keep their blob key until the blob is deleted after commit.
 */
export async function purgePersonalData(db: Queryable, orgId: string, casePk: number, now: Date): Promise<PurgedCounts> {
  const affected = (r: unknown) => Number((r as { affectedRows?: number }).affectedRows ?? 0);
  await purgeCaseCustomerContact(db, orgId, casePk, now);
  const companyProfile = affected(await db.query(
    `UPDATE company_profiles SET registered_address = NULL, tax_id = NULL, vat_number = NULL, business_activity = NULL, customer_email = NULL,
       source_of_funds = NULL, custom_answers = '{}', updated_at = ?
     WHERE org_id = ? AND case_pk = ?`,
    [now, orgId, casePk],
  ));
  const parties = affected(await db.query(
    `UPDATE case_parties SET name = '', email = NULL, nationality = NULL, date_of_birth = NULL, id_number = NULL, id_country = NULL,
       country_of_residence = NULL
     WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  ));
  const documents = affected(await db.query(
    `UPDATE documents SET filename = '', extracted_data = '{}', warnings = '[]', notes = NULL, purged_at = ?, updated_at = ?
     WHERE org_id = ? AND case_pk = ? AND purged_at IS NULL`,
    [now, now, orgId, casePk],
  ));
  const screeningHits = affected(await db.query(
    `UPDATE screening_hits SET subject_name = NULL, caption = NULL, nationality = '[]', triage_reason = NULL, disposition_note = NULL
     WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  ));
  // The case's emails: addresses, names and bodies go; one still unsent is cancelled (its link erased).
  await db.query(
    `UPDATE customer_emails SET recipient_email = '', recipient_name = NULL, subject = '',
       body = JSON_OBJECT('paragraphs', JSON_ARRAY(), 'items', JSON_ARRAY(), 'actionLabel', NULL, 'actionNote', NULL),
       action_sealed = NULL, action_key_id = NULL, unsubscribe_url = NULL, events = JSON_ARRAY()
     WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  const emails: { id: number | string }[] = await db.query('SELECT id FROM customer_emails WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  await cancelMail(db, orgId, CUSTOMER_EMAIL_MAIL, emails.map((e) => Number(e.id)), "Cancelled: the case's personal data was purged.");
  await db.query(`UPDATE invites SET email = '', token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND case_pk = ?`, [orgId, casePk]);
  // EDD and outreach: analysts' notes go; the reminder recipient goes, and with it the reminders.
  await db.query(`UPDATE edd_requirements SET note = '' WHERE org_id = ? AND case_pk = ?`, [orgId, casePk]);
  await db.query(`UPDATE edd_requirement_changes SET note = '' WHERE org_id = ? AND case_pk = ?`, [orgId, casePk]);
  await db.query(
    `UPDATE outreach_reminders SET recipient_email = '', next_due_at = NULL, stopped_reason = 'case_closed' WHERE org_id = ? AND case_pk = ?`, [orgId, casePk],
  );
  // Overridden decisions keep their blockers' codes and subjects, not the messages naming people and files.
  await redactOverrideBlockers(db, orgId, casePk);
  const events = await redactCaseEvents(db, orgId, casePk);
  return { documents, parties, screeningHits, companyProfile, events };
}

/** Rewrites the stored bytes of the case's events without their personal data (redactEventPayload). */
async function redactCaseEvents(db: Queryable, orgId: string, casePk: number): Promise<number> {
  const rows: { seq: number | string; type: string; data: string }[] = await db.query(
    'SELECT seq, type, data FROM events WHERE org_id = ? AND case_pk = ? FOR UPDATE', [orgId, casePk],
  );
  let changed = 0;
  for (const row of rows) {
    const redacted = redactEventPayload(row.type, JSON.parse(row.data) as Record<string, unknown>);
    if (!redacted) continue;
    await db.query('UPDATE events SET data = ? WHERE org_id = ? AND seq = ?', [JSON.stringify(redacted), orgId, Number(row.seq)]);
    changed++;
  }
  return changed;
}

/**
 * The sweep's candidates (across tenants): cases not yet purged, of tenants with zero retention on, whose
 * data package since the switch has a 2xx delivery and no other outstanding (failed, paused, pending) one.
 * Held cases are not candidates, so the sweep stays cheap; purgeCaseData checks the gate again itself.
 */
export async function listPurgeCandidates(db: Queryable, limit: number): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; case_pk: number | string }[] = await db.query(
    `SELECT DISTINCT ev.org_id, ev.case_pk
     FROM tenants t
     JOIN events ev ON ev.org_id = t.id AND ev.type = ? AND ev.occurred_at >= t.zero_retention_since
     JOIN cases c ON c.org_id = ev.org_id AND c.pk = ev.case_pk AND c.purged_at IS NULL
     WHERE t.zero_retention = 1
       AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.org_id = ev.org_id AND d.event_id = ev.event_id AND d.state = 'delivered')
       AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries d JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
         WHERE d.org_id = ev.org_id AND d.event_id = ev.event_id AND d.state <> 'delivered' AND e.deleted_at IS NULL)
     ORDER BY ev.org_id, ev.case_pk LIMIT ${Math.floor(limit)}`,
    [DATA_PACKAGE_EVENT],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: Number(r.case_pk) }));
}

/** Purged documents whose blob deletion a crash interrupted (across tenants). */
export async function listLeftoverPurgedBlobs(db: Queryable, limit: number): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; case_pk: number | string }[] = await db.query(
    `SELECT DISTINCT org_id, case_pk FROM documents WHERE purged_at IS NOT NULL AND blob_key IS NOT NULL ORDER BY org_id, case_pk LIMIT ${Math.floor(limit)}`,
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: Number(r.case_pk) }));
}
