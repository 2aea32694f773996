import { type TenantDb } from '../db/index';
import type { PartyKind, RosterStatus } from './case-party.entity';
import type { CaseStatus } from './case.entity';

/**
 * The SQL of a case's application as the customer portal reads and writes it: the company profile,
 * the directors and UBOs (case_parties), the status change of a submission. Every function takes a
 * tenant-bound handle (forTenant over a manager or the pool), and touches that tenant's rows only.
 */

const dateOnly = (v: Date | string | null): string | null => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

interface ApplicationProfileRowData {
  company_name: string | null; registration_number: string | null; country: string | null; entity_type: string | null;
  incorporation_date: Date | string | null; registered_address: string | null; tax_id: string | null; vat_number: string | null;
  business_activity: string | null; industry_sector: string | null; annual_revenue: string | null; website: string | null;
  source_of_funds: string | null; transacts_internationally: number | string; international_countries: string[] | string;
  custom_answers: Record<string, unknown> | string; has_ubos: number | string | null; review_confirmed_at: Date | null;
}

/** A case's company profile as stored (the application's company fields by their wire names). */
export interface ApplicationProfileRecord {
  companyName: string | null;
  registrationNumber: string | null;
  country: string | null;
  entityType: string | null;
  /** YYYY-MM-DD, or null. */
  incorporationDate: string | null;
  registeredAddress: string | null;
  taxId: string | null;
  vatNumber: string | null;
  businessActivity: string | null;
  industrySector: string | null;
  annualRevenue: string | null;
  website: string | null;
  sourceOfFunds: string | null;
  transactsInternationally: boolean;
  internationalCountries: string[];
  customAnswers: Record<string, unknown>;
  /** Null until the customer answers whether the company has UBOs. */
  hasUbos: boolean | null;
  /** When the customer confirmed the review of extracted data, or null. */
  reviewConfirmedAt: Date | null;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The one mapper of company profile rows (JSON, flags and dates decoded here). */
const toApplicationProfileRecord = (r: ApplicationProfileRowData): ApplicationProfileRecord => ({
  companyName: r.company_name, registrationNumber: r.registration_number, country: r.country, entityType: r.entity_type,
  incorporationDate: dateOnly(r.incorporation_date), registeredAddress: r.registered_address, taxId: r.tax_id, vatNumber: r.vat_number,
  businessActivity: r.business_activity, industrySector: r.industry_sector, annualRevenue: r.annual_revenue, website: r.website,
  sourceOfFunds: r.source_of_funds, transactsInternationally: Number(r.transacts_internationally) === 1,
  internationalCountries: json<string[]>(r.international_countries), customAnswers: json<Record<string, unknown>>(r.custom_answers),
  hasUbos: r.has_ubos === null ? null : Number(r.has_ubos) === 1, reviewConfirmedAt: r.review_confirmed_at,
});

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
export async function findApplicationProfile(db: TenantDb, casePk: number): Promise<ApplicationProfileRecord | null> {
  const orgId = db.orgId;
  const [row]: ApplicationProfileRowData[] = await db.query(
    `SELECT ${Object.values(PROFILE_COLUMNS).join(', ')}, review_confirmed_at FROM company_profiles WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  return row ? toApplicationProfileRecord(row) : null;
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

/** Clears a confirmed review (the customer changed an answer after confirming): they confirm again before submitting. */
export async function clearReviewConfirmation(db: TenantDb, casePk: number, now: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE company_profiles SET review_confirmed_at = NULL, updated_at = ? WHERE org_id = ? AND case_pk = ? AND review_confirmed_at IS NOT NULL',
    [now, orgId, casePk],
  );
}

interface PartyRowData {
  kind: PartyKind; position: number | string; person_key: string; name: string; email: string | null; roles: string[] | string;
  ownership_percent: string | number | null; nationality: string | null; date_of_birth: Date | string | null; id_number: string | null;
  id_country: string | null; country_of_residence: string | null; verification_status: RosterStatus | null; source: string;
}

/** A director or UBO of a case. */
export interface PartyRecord {
  kind: PartyKind;
  /** Zero-based position within its kind. */
  position: number;
  personKey: string;
  name: string;
  email: string | null;
  roles: string[];
  ownershipPercent: number | null;
  nationality: string | null;
  /** YYYY-MM-DD, or null. */
  dateOfBirth: string | null;
  idNumber: string | null;
  idCountry: string | null;
  countryOfResidence: string | null;
  verificationStatus: RosterStatus | null;
  /** Where the row came from (application_form, registry, ...). */
  source: string;
}

/** The one mapper of party rows (JSON and DECIMAL columns decoded here). */
export const toPartyRecord = (r: PartyRowData): PartyRecord => ({
  kind: r.kind, position: Number(r.position), personKey: r.person_key, name: r.name, email: r.email,
  roles: typeof r.roles === 'string' ? (JSON.parse(r.roles) as string[]) : r.roles,
  ownershipPercent: r.ownership_percent === null ? null : Number(r.ownership_percent), nationality: r.nationality,
  dateOfBirth: dateOnly(r.date_of_birth), idNumber: r.id_number, idCountry: r.id_country, countryOfResidence: r.country_of_residence,
  verificationStatus: r.verification_status, source: r.source,
});

/** The columns of toPartyRecord. */
export const PARTY_COLUMNS = 'kind, position, person_key, name, email, roles, ownership_percent, nationality, date_of_birth, id_number, id_country, ' +
  'country_of_residence, verification_status, source';

/** A case's directors and UBOs, by kind then position. */
export async function listApplicationParties(db: TenantDb, casePk: number): Promise<PartyRecord[]> {
  const orgId = db.orgId;
  const rows: PartyRowData[] = await db.query(
    `SELECT ${PARTY_COLUMNS} FROM case_parties WHERE org_id = ? AND case_pk = ? ORDER BY kind, position`,
    [orgId, casePk],
  );
  return rows.map(toPartyRecord);
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

/** The case's short display reference `C-<n>` (what the customer is shown), or null for a row written without one. */
export async function findCaseReference(db: TenantDb, casePk: number): Promise<string | null> {
  const [row]: { reference: string | null }[] = await db.query('SELECT reference FROM cases WHERE org_id = ? AND pk = ?', [db.orgId, casePk]);
  return row?.reference ?? null;
}
