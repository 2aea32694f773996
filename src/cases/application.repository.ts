import { type TenantDb } from '../db/index';
import type { PartyKind, RosterStatus } from './case-party.entity';
import type { CaseStatus } from './case.entity';

/**
 * The SQL of a case's application as the customer portal reads and writes it: the company profile,
 * the directors and UBOs (case_parties), the status change of a submission. Every function takes a
 * tenant-bound handle (forTenant over a manager or the pool), and touches that tenant's rows only.
 */

/** A company profile row as the portal reads it (JSON columns may come back as text, dates as Date). */
export interface ApplicationProfileRow {
  company_name: string | null;
  registration_number: string | null;
  country: string | null;
  entity_type: string | null;
  incorporation_date: Date | string | null;
  registered_address: string | null;
  tax_id: string | null;
  vat_number: string | null;
  business_activity: string | null;
  industry_sector: string | null;
  annual_revenue: string | null;
  website: string | null;
  source_of_funds: string | null;
  transacts_internationally: number;
  international_countries: string[] | string;
  custom_answers: Record<string, unknown> | string;
  has_ubos: number | null;
  review_confirmed_at: Date | null;
}

/** The columns application.save may write, by their wire name (the profile's text and scalar fields). */
export const PROFILE_COLUMNS = {
  companyName: 'company_name',
  registrationNumber: 'registration_number',
  country: 'country',
  entityType: 'entity_type',
  incorporationDate: 'incorporation_date',
  registeredAddress: 'registered_address',
  taxId: 'tax_id',
  vatNumber: 'vat_number',
  businessActivity: 'business_activity',
  industrySector: 'industry_sector',
  annualRevenue: 'annual_revenue',
  website: 'website',
  sourceOfFunds: 'source_of_funds',
  transactsInternationally: 'transacts_internationally',
  internationalCountries: 'international_countries',
  customAnswers: 'custom_answers',
  hasUbos: 'has_ubos',
} as const;
export type ProfileField = keyof typeof PROFILE_COLUMNS;
const JSON_FIELDS: ReadonlySet<ProfileField> = new Set(['internationalCountries', 'customAnswers']);

/** A case's company profile as the portal reads it, or null when the case has none yet. */
export async function findApplicationProfile(db: TenantDb, casePk: number): Promise<ApplicationProfileRow | null> {
  const orgId = db.orgId;
  const [row]: ApplicationProfileRow[] = await db.query(
    `SELECT ${Object.values(PROFILE_COLUMNS).join(', ')}, review_confirmed_at FROM company_profiles WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  return row ?? null;
}

/**
 * Writes the given profile fields (null clears; absent fields stay). Creates the profile first when the
 * case has none (cases opened before profiles existed).
 */
export async function updateApplicationProfile(
  db: TenantDb, casePk: number, patch: Partial<Record<ProfileField, unknown>>, now: Date,
): Promise<void> {
  const orgId = db.orgId;
  // Only for a case of this tenant: another tenant's pk creates nothing.
  await db.query(
    `INSERT IGNORE INTO company_profiles (case_pk, org_id, transacts_internationally, international_countries, custom_answers, updated_at)
     SELECT pk, org_id, 0, '[]', '{}', ? FROM cases WHERE org_id = ? AND pk = ?`,
    [now, orgId, casePk],
  );
  const sets: string[] = ['updated_at = ?'];
  const params: unknown[] = [now];
  for (const [field, value] of Object.entries(patch) as [ProfileField, unknown][]) {
    if (value === undefined || !(field in PROFILE_COLUMNS)) continue;
    sets.push(`${PROFILE_COLUMNS[field]} = ?`);
    params.push(JSON_FIELDS.has(field) ? JSON.stringify(value) : typeof value === 'boolean' ? (value ? 1 : 0) : value);
  }
  await db.query(`UPDATE company_profiles SET ${sets.join(', ')} WHERE org_id = ? AND case_pk = ?`, [...params, orgId, casePk]);
}

/** Marks the review of extracted data confirmed. */
export async function markReviewConfirmed(db: TenantDb, casePk: number, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE company_profiles SET review_confirmed_at = ?, updated_at = ? WHERE org_id = ? AND case_pk = ?', [now, now, orgId, casePk]);
}

/** A director or UBO row as the portal reads it. */
export interface PartyRow {
  kind: PartyKind;
  position: number;
  person_key: string;
  name: string;
  email: string | null;
  roles: string[] | string;
  ownership_percent: string | number | null;
  nationality: string | null;
  date_of_birth: Date | string | null;
  id_number: string | null;
  id_country: string | null;
  country_of_residence: string | null;
  verification_status: RosterStatus | null;
}

/** A case's directors and UBOs, by kind then position. */
export function listApplicationParties(db: TenantDb, casePk: number): Promise<PartyRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT kind, position, person_key, name, email, roles, ownership_percent, nationality, date_of_birth, id_number, id_country,
       country_of_residence, verification_status FROM case_parties WHERE org_id = ? AND case_pk = ? ORDER BY kind, position`,
    [orgId, casePk],
  );
}

export interface NewParty {
  personKey: string;
  name: string;
  email: string | null;
  roles: string[];
  ownershipPercent: number | null;
  nationality: string | null;
  dateOfBirth: string | null;
  idNumber: string | null;
  idCountry: string | null;
  countryOfResidence: string | null;
  /** Kept from the row this person had before (identity verification state), else null. */
  verificationStatus: RosterStatus | null;
}

/** Replaces a case's parties of one kind with `parties`, in order (positions 0, 1, ...); source `application_form`. Nothing for another tenant's case. */
export async function replaceParties(db: TenantDb, casePk: number, kind: PartyKind, parties: NewParty[]): Promise<void> {
  const orgId = db.orgId;
  await db.query('DELETE FROM case_parties WHERE org_id = ? AND case_pk = ? AND kind = ?', [orgId, casePk, kind]);
  if (parties.length === 0) return;
  // Only for a case of this tenant: another tenant's pk gets no rows.
  const [own] = await db.query('SELECT pk FROM cases WHERE org_id = ? AND pk = ?', [orgId, casePk]);
  if (!own) return;
  const rows = parties.map((p, position) => [
    orgId, casePk, kind, position, p.personKey, p.name, p.email, JSON.stringify(p.roles), p.ownershipPercent, p.nationality, p.dateOfBirth,
    p.idNumber, p.idCountry, p.countryOfResidence, 'application_form', p.verificationStatus,
  ]);
  await db.query(
    `INSERT INTO case_parties (org_id, case_pk, kind, position, person_key, name, email, roles, ownership_percent, nationality, date_of_birth,
       id_number, id_country, country_of_residence, source, verification_status) VALUES ?`,
    [rows],
  );
}

/** Locks a case row for the caller's transaction and reads its status (null when not the tenant's). */
export async function lockCaseStatus(db: TenantDb, casePk: number): Promise<CaseStatus | null> {
  const orgId = db.orgId;
  const [row]: { status: CaseStatus }[] = await db.query('SELECT status FROM cases WHERE org_id = ? AND pk = ? FOR UPDATE', [orgId, casePk]);
  return row?.status ?? null;
}

/** Moves a case from one status to another; false when it was not at `from`. */
export async function transitionCaseStatus(db: TenantDb, casePk: number, from: CaseStatus, to: CaseStatus, now: Date): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query('UPDATE cases SET status = ?, updated_at = ? WHERE org_id = ? AND pk = ? AND status = ?', [to, now, orgId, casePk, from]);
  return Number((res as { affectedRows: number }).affectedRows) === 1;
}

/** Copies the submitted company's name, registration number and country onto the case row (what events and the pull API show). */
export async function updateCaseCompany(
  db: TenantDb, casePk: number, c: { companyName: string | null; companyNumber: string | null; country: string | null }, now: Date,
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE cases SET company_name = COALESCE(?, company_name), company_number = COALESCE(?, company_number), country = COALESCE(?, country), updated_at = ? WHERE org_id = ? AND pk = ?',
    [c.companyName, c.companyNumber, c.country, now, orgId, casePk],
  );
}
