import { type TenantDb } from '../db/index';
import { datetimeTextSql } from '../db/datetime-text';

/**
 * The SQL of the person registry: persons, their links to case parties (by personKey, soft-deleted on
 * unlink) and their attached ID documents, and the tenant's reuse window. Every function takes a
 * tenant-bound handle (forTenant over a manager or the pool); another tenant's id finds nothing.
 */

/** A DATETIME(3) column of a joined table as MySQL's text under its plain name (see datetimeTextSql). */
const textOf = (column: string, alias: string) => `CAST(${column} AS CHAR) AS ${alias}`;

const PERSON_COLUMNS =
  "id, display_name, normalized_name, DATE_FORMAT(date_of_birth, '%Y-%m-%d') AS date_of_birth, nationality, emails, id_number, id_country, " +
  `created_from_case_pk, created_by, ${datetimeTextSql('created_at')}`;

export interface PersonRow {
  id: number | string;
  display_name: string;
  normalized_name: string;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  nationality: string | null;
  /** JSON array (text or parsed, as the driver gives it). */
  emails: string[] | string;
  id_number: string | null;
  id_country: string | null;
  created_from_case_pk: number | string | null;
  created_by: string;
  /** MySQL's text, see datetimeTextSql. */
  created_at: string;
}

/** One party row of a case, as the registry reads it (several rows share a personKey when one human has two roles). */
export interface PartyRow {
  person_key: string;
  kind: 'director' | 'ubo';
  position: number;
  name: string;
  email: string | null;
  roles: string[] | string;
  nationality: string | null;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  id_number: string | null;
  id_country: string | null;
}

/** A case's directors and UBOs, directors first, each by position. */
export function listCaseParties(db: TenantDb, casePk: number): Promise<PartyRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT person_key, kind, position, name, email, roles, nationality, DATE_FORMAT(date_of_birth, '%Y-%m-%d') AS date_of_birth, id_number, id_country
     FROM case_parties WHERE org_id = ? AND case_pk = ? ORDER BY kind, position`,
    [orgId, casePk],
  );
}

/** A tenant's case pk and public id by pk, or null. */
export async function findCaseById(db: TenantDb, caseId: string): Promise<{ pk: number; caseId: string } | null> {
  const orgId = db.orgId;
  const [row]: { pk: number | string; case_id: string }[] = await db.query('SELECT pk, case_id FROM cases WHERE org_id = ? AND case_id = ?', [orgId, caseId]);
  return row ? { pk: Number(row.pk), caseId: row.case_id } : null;
}

export async function findPerson(db: TenantDb, id: number, lock = false): Promise<PersonRow | null> {
  const orgId = db.orgId;
  const [row]: PersonRow[] = await db.query(`SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ? AND id = ?${lock ? ' FOR UPDATE' : ''}`, [orgId, id]);
  return row ?? null;
}

export interface NewPerson {
  displayName: string;
  normalizedName: string;
  dateOfBirth: string | null;
  nationality: string | null;
  emails: string[];
  idNumber: string | null;
  idCountry: string | null;
  createdFromCasePk: number;
  createdBy: string;
  at: Date;
}

export async function insertPerson(db: TenantDb, p: NewPerson): Promise<number> {
  const orgId = db.orgId;
  const res: { insertId: number } = await db.query(
    `INSERT INTO persons (org_id, display_name, normalized_name, date_of_birth, nationality, emails, id_number, id_country, created_from_case_pk, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, p.displayName, p.normalizedName, p.dateOfBirth, p.nationality, JSON.stringify(p.emails), p.idNumber, p.idCountry, p.createdFromCasePk, p.createdBy, p.at, p.at],
  );
  return Number(res.insertId);
}

/** Stores what a new link taught about a person: its emails and, when it had none, its id number and country. */
export async function updatePersonContact(
  db: TenantDb, id: number, c: { emails: string[]; idNumber: string | null; idCountry: string | null; at: Date },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE persons SET emails = ?, id_number = COALESCE(id_number, ?), id_country = COALESCE(id_country, ?), updated_at = ? WHERE org_id = ? AND id = ?',
    [JSON.stringify(c.emails), c.idNumber, c.idCountry, c.at, orgId, id],
  );
}

/**
 * Persons that may be the same human as a party born on `dob`: those born that day and those whose date
 * of birth is unknown (a different known date rules a person out). Without a date: the latest `limit`.
 */
export function listMatchCandidates(db: TenantDb, dob: string | null, limit: number): Promise<PersonRow[]> {
  const orgId = db.orgId;
  if (dob) {
    return db.query(
      `SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ? AND (date_of_birth = ? OR date_of_birth IS NULL) ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
      [orgId, dob],
    );
  }
  return db.query(`SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ? ORDER BY id DESC LIMIT ${Math.floor(limit)}`, [orgId]);
}

/** Persons with exactly this normalized name and date of birth (the strong match's first two conditions). */
export function listPersonsByNameAndBirth(db: TenantDb, normalizedName: string, dob: string): Promise<PersonRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ? AND normalized_name = ? AND date_of_birth = ? ORDER BY id`, [orgId, normalizedName, dob],
  );
}

/** Persons whose name or an email contains `search` (already lower case), newest first, after the id `after`. */
export function searchPersons(db: TenantDb, q: { search: string | null; after: number | null; limit: number }): Promise<PersonRow[]> {
  const orgId = db.orgId;
  const where = ['org_id = ?'];
  const params: unknown[] = [orgId];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push('(normalized_name LIKE ? OR LOWER(display_name) LIKE ? OR LOWER(CAST(emails AS CHAR)) LIKE ?)');
    params.push(like, like, like);
  }
  if (q.after !== null) {
    where.push('id < ?');
    params.push(q.after);
  }
  return db.query(`SELECT ${PERSON_COLUMNS} FROM persons WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${Math.floor(q.limit)}`, params);
}

export interface LinkRow {
  id: number | string;
  case_pk: number | string;
  case_id: string;
  company_name: string | null;
  person_key: string;
  person_id: number | string;
  linked_by: string;
  linked_at: string;
  unlinked_by: string | null;
  unlinked_at: string | null;
  unlink_reason: string | null;
}

const LINK_COLUMNS =
  `l.id, l.case_pk, c.case_id, c.company_name, l.person_key, l.person_id, l.linked_by, ${textOf('l.linked_at', 'linked_at')}, ` +
  `l.unlinked_by, ${textOf('l.unlinked_at', 'unlinked_at')}, l.unlink_reason`;

/** The active link of a case party (by personKey), locked for the caller's transaction when `lock`, or null. */
export async function findActiveLink(db: TenantDb, casePk: number, personKey: string, lock = false): Promise<LinkRow | null> {
  const orgId = db.orgId;
  const [row]: LinkRow[] = await db.query(
    `SELECT ${LINK_COLUMNS} FROM person_links l JOIN cases c ON c.pk = l.case_pk
     WHERE l.org_id = ? AND l.case_pk = ? AND l.person_key = ? AND l.active = 1${lock ? ' FOR UPDATE' : ''}`,
    [orgId, casePk, personKey],
  );
  return row ?? null;
}

/** The active links of a case, by personKey. */
export function listActiveLinksOfCase(db: TenantDb, casePk: number): Promise<LinkRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT ${LINK_COLUMNS} FROM person_links l JOIN cases c ON c.pk = l.case_pk
     WHERE l.org_id = ? AND l.case_pk = ? AND l.active = 1 ORDER BY l.id`,
    [orgId, casePk],
  );
}

/** Every link of a person (active and unlinked), newest first. */
export function listLinksOfPerson(db: TenantDb, personId: number): Promise<LinkRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT ${LINK_COLUMNS} FROM person_links l JOIN cases c ON c.pk = l.case_pk WHERE l.org_id = ? AND l.person_id = ? ORDER BY l.id DESC`,
    [orgId, personId],
  );
}

/** Persons an analyst unlinked from this case party (never linked to it again automatically). */
export async function listUnlinkedPersonIds(db: TenantDb, casePk: number, personKey: string): Promise<number[]> {
  const orgId = db.orgId;
  const rows: { person_id: number | string }[] = await db.query(
    'SELECT DISTINCT person_id FROM person_links WHERE org_id = ? AND case_pk = ? AND person_key = ? AND unlinked_at IS NOT NULL', [orgId, casePk, personKey],
  );
  return rows.map((r) => Number(r.person_id));
}

export async function insertLink(
  db: TenantDb, l: { casePk: number; personKey: string; personId: number; linkedBy: string; at: Date },
): Promise<number> {
  const orgId = db.orgId;
  const res: { insertId: number } = await db.query(
    'INSERT INTO person_links (org_id, case_pk, person_key, person_id, linked_by, linked_at) VALUES (?, ?, ?, ?, ?, ?)',
    [orgId, l.casePk, l.personKey, l.personId, l.linkedBy, l.at],
  );
  return Number(res.insertId);
}

/** Soft-deletes an active link; false when it was no longer active. */
export async function unlinkLink(db: TenantDb, linkId: number, u: { by: string; at: Date; reason: string | null }): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    'UPDATE person_links SET unlinked_by = ?, unlinked_at = ?, unlink_reason = ? WHERE org_id = ? AND id = ? AND unlinked_at IS NULL',
    [u.by, u.at, u.reason, orgId, linkId],
  );
  return Number((res as { affectedRows: number }).affectedRows) === 1;
}

export interface CaseDocumentRow {
  id: number | string;
  case_pk: number | string;
  case_id: string;
  document_type: string | null;
  filename: string;
  status: string;
  extracted_data: Record<string, unknown> | string;
  purged_at: string | null;
}

/** A tenant's document with its case, or null. */
export async function findCaseDocument(db: TenantDb, documentId: number): Promise<CaseDocumentRow | null> {
  const orgId = db.orgId;
  const [row]: CaseDocumentRow[] = await db.query(
    `SELECT d.id, d.case_pk, c.case_id, d.document_type, d.filename, d.status, d.extracted_data, ${textOf('d.purged_at', 'purged_at')}
     FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.id = ?`,
    [orgId, documentId],
  );
  return row ?? null;
}

/** A case's documents of the given statuses, oldest first. */
export function listCaseDocuments(db: TenantDb, casePk: number, statuses: readonly string[]): Promise<CaseDocumentRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT d.id, d.case_pk, c.case_id, d.document_type, d.filename, d.status, d.extracted_data, ${textOf('d.purged_at', 'purged_at')}
     FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.case_pk = ? AND d.status IN (?) AND d.purged_at IS NULL ORDER BY d.id`,
    [orgId, casePk, statuses],
  );
}

export interface PersonDocumentRow {
  document_id: number | string;
  case_id: string;
  document_type: string | null;
  filename: string;
  status: string;
  attached_by: string;
  attached_at: string;
  /** YYYY-MM-DD */
  valid_until: string | null;
  purged_at: string | null;
}

const PERSON_DOCUMENT_COLUMNS =
  `pd.document_id, c.case_id, d.document_type, d.filename, d.status, pd.attached_by, ${textOf('pd.attached_at', 'attached_at')}, ` +
  `DATE_FORMAT(pd.valid_until, '%Y-%m-%d') AS valid_until, ${textOf('d.purged_at', 'purged_at')}`;

/** A person's attached documents, newest attachment first. */
export function listPersonDocuments(db: TenantDb, personId: number): Promise<PersonDocumentRow[]> {
  const orgId = db.orgId;
  return db.query(
    `SELECT ${PERSON_DOCUMENT_COLUMNS} FROM person_documents pd JOIN documents d ON d.id = pd.document_id JOIN cases c ON c.pk = d.case_pk
     WHERE pd.org_id = ? AND pd.person_id = ? ORDER BY pd.attached_at DESC, pd.id DESC`,
    [orgId, personId],
  );
}

/** Whether the document is attached to the person already. */
export async function isDocumentAttached(db: TenantDb, personId: number, documentId: number): Promise<boolean> {
  const orgId = db.orgId;
  const rows: unknown[] = await db.query('SELECT 1 FROM person_documents WHERE org_id = ? AND person_id = ? AND document_id = ?', [orgId, personId, documentId]);
  return rows.length > 0;
}

export async function insertPersonDocument(
  db: TenantDb, d: { personId: number; documentId: number; attachedBy: string; at: Date; validUntil: string | null },
): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    'INSERT INTO person_documents (org_id, person_id, document_id, attached_by, attached_at, valid_until) VALUES (?, ?, ?, ?, ?, ?)',
    [orgId, d.personId, d.documentId, d.attachedBy, d.at, d.validUntil],
  );
}

/**
 * The newest attached document of a person that is reusable at `now`: attached after `attachedAfter`
 * (now minus the window), not expired on `today` (valid_until, when known), still an accepted document,
 * and not purged.
 */
export async function findReusableDocument(
  db: TenantDb, personId: number, q: { attachedAfter: Date; today: string; statuses: readonly string[] },
): Promise<number | null> {
  const orgId = db.orgId;
  const [row]: { document_id: number | string }[] = await db.query(
    `SELECT pd.document_id FROM person_documents pd JOIN documents d ON d.id = pd.document_id AND d.org_id = pd.org_id
     WHERE pd.org_id = ? AND pd.person_id = ? AND pd.attached_at > ? AND (pd.valid_until IS NULL OR pd.valid_until >= ?)
       AND d.status IN (?) AND d.purged_at IS NULL
     ORDER BY pd.attached_at DESC, pd.id DESC LIMIT 1`,
    [orgId, personId, q.attachedAfter, q.today, q.statuses],
  );
  return row ? Number(row.document_id) : null;
}

/** The tenant's reuse window in days. */
export async function findReuseWindowDays(db: TenantDb, lock = false): Promise<number> {
  const orgId = db.orgId;
  const [row]: { person_reuse_days: number | string }[] = await db.query(
    `SELECT person_reuse_days FROM tenants WHERE id = ?${lock ? ' FOR UPDATE' : ''}`, [orgId],
  );
  return Number(row!.person_reuse_days);
}

