import { modeCondition, type TenantDb } from '../db/index';
import { datetimeTextSql, isoFromDatetimeText } from '../db/datetime-text';

/**
 * The SQL of the person registry: persons, their links to case parties (by personKey, soft-deleted on
 * unlink) and their attached ID documents, and the tenant's reuse window. Every function takes a
 * tenant-bound handle (forTenant over a manager or the pool); another tenant's id finds nothing.
 *
 * A person is of the mode of the case it was registered from (persons.mode). Through a handle bound to a
 * caller with a mode (forTenant(db, actor), or a case's mode for the system's matching), the person lookups,
 * lists and match candidates see that mode's persons only, and a person's links and documents those of that
 * mode's cases only: a person known only from test cases is as missing to the live view as another tenant's.
 */

/** A DATETIME(3) column of a joined table as MySQL's text under its plain name (see datetimeTextSql). */
const textOf = (column: string, alias: string) => `CAST(${column} AS CHAR) AS ${alias}`;

const PERSON_COLUMNS =
  "id, display_name, normalized_name, DATE_FORMAT(date_of_birth, '%Y-%m-%d') AS date_of_birth, nationality, emails, id_number, id_country, " +
  `created_from_case_pk, created_by, ${datetimeTextSql('created_at')}`;

/** A person of the registry. */
export interface Person {
  id: number;
  displayName: string;
  normalizedName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  nationality: string | null;
  emails: string[];
  idNumber: string | null;
  idCountry: string | null;
  createdFromCasePk: number | null;
  createdBy: string;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** JSON array (MariaDB's JSON is LONGTEXT: text, or parsed when the driver gives it so). */
const jsonArray = (v: string[] | string): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);

interface PersonRow {
  id: number;
  display_name: string;
  normalized_name: string;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  nationality: string | null;
  /** JSON array (text or parsed, as the driver gives it). */
  emails: string[] | string;
  id_number: string | null;
  id_country: string | null;
  created_from_case_pk: number | null;
  created_by: string;
  /** MySQL's text, see datetimeTextSql. */
  created_at: string;
}

function toPerson(r: PersonRow): Person {
  return {
    id: r.id, displayName: r.display_name, normalizedName: r.normalized_name, dateOfBirth: r.date_of_birth, nationality: r.nationality,
    emails: jsonArray(r.emails), idNumber: r.id_number, idCountry: r.id_country, createdFromCasePk: r.created_from_case_pk,
    createdBy: r.created_by, createdAt: isoFromDatetimeText(r.created_at),
  };
}

/** One party of a case, as the registry reads it (several share a personKey when one human has two roles). */
export interface CaseParty {
  personKey: string;
  kind: 'director' | 'ubo';
  position: number;
  name: string;
  email: string | null;
  roles: string[];
  nationality: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  idNumber: string | null;
  idCountry: string | null;
}

interface PartyRow {
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

function toCaseParty(r: PartyRow): CaseParty {
  return {
    personKey: r.person_key, kind: r.kind, position: r.position, name: r.name, email: r.email, roles: jsonArray(r.roles), nationality: r.nationality,
    dateOfBirth: r.date_of_birth, idNumber: r.id_number, idCountry: r.id_country,
  };
}

/** A case's directors and UBOs, directors first, each by position. */
export async function listCaseParties(db: TenantDb, casePk: number): Promise<CaseParty[]> {
  const orgId = db.orgId;
  const rows: PartyRow[] = await db.query(
    `SELECT person_key, kind, position, name, email, roles, nationality, DATE_FORMAT(date_of_birth, '%Y-%m-%d') AS date_of_birth, id_number, id_country
     FROM case_parties WHERE org_id = ? AND case_pk = ? ORDER BY kind, position`,
    [orgId, casePk],
  );
  return rows.map(toCaseParty);
}

/** A tenant's case pk and public id by its public id (of the handle's mode), or null. */
export async function findCaseById(db: TenantDb, caseId: string): Promise<{ pk: number; caseId: string } | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: { pk: number; case_id: string }[] = await db.query(`SELECT pk, case_id FROM cases WHERE org_id = ? AND case_id = ?${mode.sql}`, [orgId, caseId, ...mode.params]);
  return row ? { pk: row.pk, caseId: row.case_id } : null;
}

/** A person of the tenant (of the handle's mode), locked for the caller's transaction when `lock`, or null. */
export async function findPerson(db: TenantDb, id: number, lock = false): Promise<Person | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const [row]: PersonRow[] = await db.query(
    `SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ? AND id = ?${mode.sql}${lock ? ' FOR UPDATE' : ''}`, [orgId, id, ...mode.params],
  );
  return row ? toPerson(row) : null;
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
  /** The mode of the case it is registered from. */
  mode: 'live' | 'test';
  createdBy: string;
  at: Date;
}

export async function insertPerson(db: TenantDb, p: NewPerson): Promise<number> {
  const orgId = db.orgId;
  const res: { insertId: number } = await db.query(
    `INSERT INTO persons (org_id, mode, display_name, normalized_name, date_of_birth, nationality, emails, id_number, id_country, created_from_case_pk, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [orgId, p.mode, p.displayName, p.normalizedName, p.dateOfBirth, p.nationality, JSON.stringify(p.emails), p.idNumber, p.idCountry, p.createdFromCasePk, p.createdBy, p.at, p.at],
  );
  return res.insertId;
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
 * of birth is unknown (a different known date rules a person out). Without a date: the latest `limit`. Of the handle's mode.
 */
export async function listMatchCandidates(db: TenantDb, dob: string | null, limit: number): Promise<Person[]> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const rows: PersonRow[] = dob
    ? await db.query(
      `SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ? AND (date_of_birth = ? OR date_of_birth IS NULL)${mode.sql} ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
      [orgId, dob, ...mode.params],
    )
    : await db.query(`SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ?${mode.sql} ORDER BY id DESC LIMIT ${Math.floor(limit)}`, [orgId, ...mode.params]);
  return rows.map(toPerson);
}

/** Persons (of the handle's mode) with exactly this normalized name and date of birth (the strong match's first two conditions). */
export async function listPersonsByNameAndBirth(db: TenantDb, normalizedName: string, dob: string): Promise<Person[]> {
  const orgId = db.orgId;
  const mode = modeCondition(db);
  const rows: PersonRow[] = await db.query(
    `SELECT ${PERSON_COLUMNS} FROM persons WHERE org_id = ? AND normalized_name = ? AND date_of_birth = ?${mode.sql} ORDER BY id`, [orgId, normalizedName, dob, ...mode.params],
  );
  return rows.map(toPerson);
}

/** Persons (of the handle's mode) whose name or an email contains `search` (already lower case), newest first, after the id `after`. */
export async function searchPersons(db: TenantDb, q: { search: string | null; after: number | null; limit: number }): Promise<Person[]> {
  const orgId = db.orgId;
  const where = ['org_id = ?'];
  const params: unknown[] = [orgId];
  const mode = modeCondition(db);
  if (mode.sql) {
    where.push('mode = ?');
    params.push(...mode.params);
  }
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push('(normalized_name LIKE ? OR LOWER(display_name) LIKE ? OR LOWER(CAST(emails AS CHAR)) LIKE ?)');
    params.push(like, like, like);
  }
  if (q.after !== null) {
    where.push('id < ?');
    params.push(q.after);
  }
  const rows: PersonRow[] = await db.query(`SELECT ${PERSON_COLUMNS} FROM persons WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${Math.floor(q.limit)}`, params);
  return rows.map(toPerson);
}

/** A link of a case party (by personKey) to a person; soft-deleted on unlink. */
export interface PersonLink {
  id: number;
  casePk: number;
  caseId: string;
  companyName: string | null;
  personKey: string;
  personId: number;
  linkedBy: string;
  /** ISO 8601 UTC. */
  linkedAt: string;
  unlinkedBy: string | null;
  unlinkedAt: string | null;
  unlinkReason: string | null;
}

interface LinkRow {
  id: number;
  case_pk: number;
  case_id: string;
  company_name: string | null;
  person_key: string;
  person_id: number;
  linked_by: string;
  linked_at: string;
  unlinked_by: string | null;
  unlinked_at: string | null;
  unlink_reason: string | null;
}

function toPersonLink(r: LinkRow): PersonLink {
  return {
    id: r.id, casePk: r.case_pk, caseId: r.case_id, companyName: r.company_name, personKey: r.person_key, personId: r.person_id,
    linkedBy: r.linked_by, linkedAt: isoFromDatetimeText(r.linked_at), unlinkedBy: r.unlinked_by, unlinkedAt: isoFromDatetimeText(r.unlinked_at),
    unlinkReason: r.unlink_reason,
  };
}

const LINK_COLUMNS =
  `l.id, l.case_pk, c.case_id, c.company_name, l.person_key, l.person_id, l.linked_by, ${textOf('l.linked_at', 'linked_at')}, ` +
  `l.unlinked_by, ${textOf('l.unlinked_at', 'unlinked_at')}, l.unlink_reason`;

/** The active link of a case party (by personKey), locked for the caller's transaction when `lock`, or null. */
export async function findActiveLink(db: TenantDb, casePk: number, personKey: string, lock = false): Promise<PersonLink | null> {
  const orgId = db.orgId;
  const [row]: LinkRow[] = await db.query(
    `SELECT ${LINK_COLUMNS} FROM person_links l JOIN cases c ON c.pk = l.case_pk
     WHERE l.org_id = ? AND l.case_pk = ? AND l.person_key = ? AND l.active = 1${lock ? ' FOR UPDATE' : ''}`,
    [orgId, casePk, personKey],
  );
  return row ? toPersonLink(row) : null;
}

/** The active links of a case, by personKey. */
export async function listActiveLinksOfCase(db: TenantDb, casePk: number): Promise<PersonLink[]> {
  const orgId = db.orgId;
  const rows: LinkRow[] = await db.query(
    `SELECT ${LINK_COLUMNS} FROM person_links l JOIN cases c ON c.pk = l.case_pk
     WHERE l.org_id = ? AND l.case_pk = ? AND l.active = 1 ORDER BY l.id`,
    [orgId, casePk],
  );
  return rows.map(toPersonLink);
}

/** Every link of a person (active and unlinked) to a case of the handle's mode, newest first. */
export async function listLinksOfPerson(db: TenantDb, personId: number): Promise<PersonLink[]> {
  const orgId = db.orgId;
  const mode = modeCondition(db, 'c.mode');
  const rows: LinkRow[] = await db.query(
    `SELECT ${LINK_COLUMNS} FROM person_links l JOIN cases c ON c.pk = l.case_pk WHERE l.org_id = ? AND l.person_id = ?${mode.sql} ORDER BY l.id DESC`,
    [orgId, personId, ...mode.params],
  );
  return rows.map(toPersonLink);
}

/** Persons an analyst unlinked from this case party (never linked to it again automatically). */
export async function listUnlinkedPersonIds(db: TenantDb, casePk: number, personKey: string): Promise<number[]> {
  const orgId = db.orgId;
  const rows: { person_id: number }[] = await db.query(
    'SELECT DISTINCT person_id FROM person_links WHERE org_id = ? AND case_pk = ? AND person_key = ? AND unlinked_at IS NOT NULL', [orgId, casePk, personKey],
  );
  return rows.map((r) => r.person_id);
}

export async function insertLink(
  db: TenantDb, l: { casePk: number; personKey: string; personId: number; linkedBy: string; at: Date },
): Promise<number> {
  const orgId = db.orgId;
  const res: { insertId: number } = await db.query(
    'INSERT INTO person_links (org_id, case_pk, person_key, person_id, linked_by, linked_at) VALUES (?, ?, ?, ?, ?, ?)',
    [orgId, l.casePk, l.personKey, l.personId, l.linkedBy, l.at],
  );
  return res.insertId;
}

/** Soft-deletes an active link; false when it was no longer active. */
export async function unlinkLink(db: TenantDb, linkId: number, u: { by: string; at: Date; reason: string | null }): Promise<boolean> {
  const orgId = db.orgId;
  const res = await db.query(
    'UPDATE person_links SET unlinked_by = ?, unlinked_at = ?, unlink_reason = ? WHERE org_id = ? AND id = ? AND unlinked_at IS NULL',
    [u.by, u.at, u.reason, orgId, linkId],
  );
  return (res as { affectedRows: number }).affectedRows === 1;
}

/** A document of a case, as the registry reads it. */
export interface CaseDocument {
  id: number;
  casePk: number;
  caseId: string;
  documentType: string | null;
  filename: string;
  status: string;
  extractedData: Record<string, unknown>;
  /** ISO 8601 UTC once purged (zero retention). */
  purgedAt: string | null;
}

interface CaseDocumentRow {
  id: number;
  case_pk: number;
  case_id: string;
  document_type: string | null;
  filename: string;
  status: string;
  extracted_data: Record<string, unknown> | string;
  purged_at: string | null;
}

function toCaseDocument(r: CaseDocumentRow): CaseDocument {
  return {
    id: r.id, casePk: r.case_pk, caseId: r.case_id, documentType: r.document_type, filename: r.filename, status: r.status,
    extractedData: typeof r.extracted_data === 'string' ? (JSON.parse(r.extracted_data) as Record<string, unknown>) : r.extracted_data,
    purgedAt: isoFromDatetimeText(r.purged_at),
  };
}

/** A tenant's document with its case (a case of the handle's mode), or null. */
export async function findCaseDocument(db: TenantDb, documentId: number): Promise<CaseDocument | null> {
  const orgId = db.orgId;
  const mode = modeCondition(db, 'c.mode');
  const [row]: CaseDocumentRow[] = await db.query(
    `SELECT d.id, d.case_pk, c.case_id, d.document_type, d.filename, d.status, d.extracted_data, ${textOf('d.purged_at', 'purged_at')}
     FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.id = ?${mode.sql}`,
    [orgId, documentId, ...mode.params],
  );
  return row ? toCaseDocument(row) : null;
}

/** A case's documents of the given statuses, oldest first. */
export async function listCaseDocuments(db: TenantDb, casePk: number, statuses: readonly string[]): Promise<CaseDocument[]> {
  const orgId = db.orgId;
  const rows: CaseDocumentRow[] = await db.query(
    `SELECT d.id, d.case_pk, c.case_id, d.document_type, d.filename, d.status, d.extracted_data, ${textOf('d.purged_at', 'purged_at')}
     FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.case_pk = ? AND d.status IN (?) AND d.purged_at IS NULL ORDER BY d.id`,
    [orgId, casePk, statuses],
  );
  return rows.map(toCaseDocument);
}

/** A document attached to a person. */
export interface PersonDocument {
  documentId: number;
  caseId: string;
  documentType: string | null;
  filename: string;
  status: string;
  attachedBy: string;
  /** ISO 8601 UTC. */
  attachedAt: string;
  /** YYYY-MM-DD */
  validUntil: string | null;
  purgedAt: string | null;
}

interface PersonDocumentRow {
  document_id: number;
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

function toPersonDocument(r: PersonDocumentRow): PersonDocument {
  return {
    documentId: r.document_id, caseId: r.case_id, documentType: r.document_type, filename: r.filename, status: r.status, attachedBy: r.attached_by,
    attachedAt: isoFromDatetimeText(r.attached_at), validUntil: r.valid_until, purgedAt: isoFromDatetimeText(r.purged_at),
  };
}

const PERSON_DOCUMENT_COLUMNS =
  `pd.document_id, c.case_id, d.document_type, d.filename, d.status, pd.attached_by, ${textOf('pd.attached_at', 'attached_at')}, ` +
  `DATE_FORMAT(pd.valid_until, '%Y-%m-%d') AS valid_until, ${textOf('d.purged_at', 'purged_at')}`;

/** A person's attached documents (of cases of the handle's mode), newest attachment first. */
export async function listPersonDocuments(db: TenantDb, personId: number): Promise<PersonDocument[]> {
  const orgId = db.orgId;
  const mode = modeCondition(db, 'c.mode');
  const rows: PersonDocumentRow[] = await db.query(
    `SELECT ${PERSON_DOCUMENT_COLUMNS} FROM person_documents pd JOIN documents d ON d.id = pd.document_id JOIN cases c ON c.pk = d.case_pk
     WHERE pd.org_id = ? AND pd.person_id = ?${mode.sql} ORDER BY pd.attached_at DESC, pd.id DESC`,
    [orgId, personId, ...mode.params],
  );
  return rows.map(toPersonDocument);
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
  const [row]: { document_id: number }[] = await db.query(
    `SELECT pd.document_id FROM person_documents pd JOIN documents d ON d.id = pd.document_id AND d.org_id = pd.org_id
     WHERE pd.org_id = ? AND pd.person_id = ? AND pd.attached_at > ? AND (pd.valid_until IS NULL OR pd.valid_until >= ?)
       AND d.status IN (?) AND d.purged_at IS NULL
     ORDER BY pd.attached_at DESC, pd.id DESC LIMIT 1`,
    [orgId, personId, q.attachedAfter, q.today, q.statuses],
  );
  return row ? row.document_id : null;
}

/** The tenant's reuse window in days. */
export async function findReuseWindowDays(db: TenantDb, lock = false): Promise<number> {
  const orgId = db.orgId;
  const [row]: { person_reuse_days: number }[] = await db.query(
    `SELECT person_reuse_days FROM tenants WHERE id = ?${lock ? ' FOR UPDATE' : ''}`, [orgId],
  );
  return row!.person_reuse_days;
}

