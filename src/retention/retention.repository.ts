import { modeCondition, type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import { purgeCasePersonalData } from '../cases/index';
import { purgeCaseCustomerEmails } from '../customer-emails/index';
import { redactOverrideBlockers } from '../decisions/index';
import type { Queryable } from '../db/queryable';
import { purgeDocumentsOfCase } from '../documents/index';
import { purgeEddNotes } from '../edd/index';
import { redactCaseEvents } from '../events/index';
import { purgeCaseInvites } from '../invites/index';
import { purgeReminderRecipient } from '../outreach/index';
import { purgeScreeningHitSubjects } from '../screening/index';
import { redactEventPayload } from './redact-event';

/**
 * The SQL of zero retention: the purge gate, the purge itself and the sweep's lookups. Every function
 * takes a tenant-bound handle (forTenant over a manager or the pool) (the sweep's cross-tenant lookup excepted, which
 * returns tenant and case together), and touches that tenant's rows only. Retention writes no table of
 * its own: the purge asks each feature to purge its own rows of the case (each through its index).
 */

/** The event type whose 2xx deliveries release a purge. */
export const DATA_PACKAGE_EVENT = 'case.data_package.delivered';

/** A tenant's zero-retention switch: on since when, or null when off. */
export async function readZeroRetentionSince(db: TenantDb): Promise<Date | null> {
  const orgId = db.orgId;
  const [row]: { zero_retention: number; zero_retention_since: Date | null }[] = await db.query(
    'SELECT zero_retention, zero_retention_since FROM tenants WHERE id = ?', [orgId],
  );
  return row && row.zero_retention === 1 && row.zero_retention_since ? new Date(row.zero_retention_since) : null;
}

/** A case row locked until the caller's transaction ends, with what the purge needs; null when not the tenant's. */
export async function lockCaseForPurge(
  db: TenantDb, casePk: number,
): Promise<{ pk: number; caseId: string; purgedAt: Date | null } | null> {
  const orgId = db.orgId;
  const [row]: { pk: number; case_id: string; purged_at: Date | null }[] = await db.query(
    'SELECT pk, case_id, purged_at FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, casePk],
  );
  return row ? { pk: row.pk, caseId: row.case_id, purgedAt: row.purged_at } : null;
}

/** The pk of a tenant's case by its public id, or null. */
export async function findCasePkById(db: TenantDb, caseId: string): Promise<number | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: { pk: number }[] = await db.query(`SELECT pk FROM cases WHERE org_id = ? AND case_id = ?${mode.sql}`, [orgId, caseId, ...mode.params]);
  return row ? row.pk : null;
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
export async function findPackageDeliveries(db: TenantDb, casePk: number, since: Date): Promise<PackageDeliveries | null> {
  const orgId = db.orgId;
  const [ev]: { seq: number; event_id: string; occurred_at: Date; relayed_at: Date | null }[] = await db.query(
    `SELECT seq, event_id, occurred_at, relayed_at FROM events
     WHERE org_id = ? AND case_pk = ? AND type = ? AND occurred_at >= ? ORDER BY seq DESC LIMIT 1`,
    [orgId, casePk, DATA_PACKAGE_EVENT, since],
  );
  if (!ev) return null;
  const [n]: { deliveries: number; delivered: string | null }[] = await db.query(
    `SELECT COUNT(*) AS deliveries, SUM(d.state = 'delivered') AS delivered
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
     WHERE d.org_id = ? AND d.event_id = ? AND e.deleted_at IS NULL`,
    [orgId, ev.event_id],
  );
  return {
    eventId: ev.event_id, occurredAt: new Date(ev.occurred_at), relayed: ev.relayed_at !== null,
    deliveries: n?.deliveries ?? 0, delivered: Number(n?.delivered ?? 0),
  };
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
export async function purgePersonalData(db: TenantDb, casePk: number, now: Date): Promise<PurgedCounts> {
  const { companyProfile, parties } = await purgeCasePersonalData(db, casePk, now);
  const documents = await purgeDocumentsOfCase(db, casePk, now);
  const screeningHits = await purgeScreeningHitSubjects(db, casePk);
  // The case's emails: addresses, names and bodies go; one still unsent is cancelled (its link erased).
  await purgeCaseCustomerEmails(db, casePk);
  await purgeCaseInvites(db, casePk);
  // EDD and outreach: analysts' notes go; the reminder recipient goes, and with it the reminders.
  await purgeEddNotes(db, casePk);
  await purgeReminderRecipient(db, casePk);
  // Overridden decisions keep their blockers' codes and subjects, not the messages naming people and files.
  await redactOverrideBlockers(db, casePk);
  const events = await redactCaseEvents(db, casePk, redactEventPayload);
  return { documents, parties, screeningHits, companyProfile, events };
}

/**
 * The sweep's candidates (across tenants): cases not yet purged, of tenants with zero retention on, whose
 * data package since the switch has a 2xx delivery and no other outstanding (failed, paused, pending) one.
 * Held cases are not candidates, so the sweep stays cheap; purgeCaseData checks the gate again itself.
 */
export async function listPurgeCandidates(db: Queryable, limit: number): Promise<{ orgId: string; casePk: number }[]> {
  const rows: { org_id: string; case_pk: number }[] = await crossTenant(db, 'sweep').query(
    `SELECT DISTINCT ev.org_id, ev.case_pk
     FROM tenants t
     JOIN events ev ON ev.org_id = t.id AND ev.type = ? AND ev.occurred_at >= t.zero_retention_since
     JOIN cases c ON c.org_id = ev.org_id AND c.pk = ev.case_pk AND c.purged_at IS NULL
     WHERE t.zero_retention = 1
       AND NOT EXISTS (SELECT 1 FROM legal_holds h WHERE h.org_id = ev.org_id AND h.case_pk = ev.case_pk AND h.released_at IS NULL)
       AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.org_id = ev.org_id AND d.event_id = ev.event_id AND d.state = 'delivered')
       AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries d JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
         WHERE d.org_id = ev.org_id AND d.event_id = ev.event_id AND d.state <> 'delivered' AND e.deleted_at IS NULL)
     ORDER BY ev.org_id, ev.case_pk LIMIT ${Math.floor(limit)}`,
    [DATA_PACKAGE_EVENT],
  );
  return rows.map((r) => ({ orgId: r.org_id, casePk: r.case_pk }));
}
