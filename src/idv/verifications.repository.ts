import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import type { IdvCheck, IdvOutcome } from './identity-verifier';
import type { DocumentOnFile, IdDocument } from './document-on-file';

/** Where one person's verification stands. `no_email`: no link can be sent (the roster says action_needed). */
export type VerificationState = 'link_sent' | 'in_progress' | 'completed' | 'satisfied' | 'no_email';

/** One person's identity verification on a case. */
export interface Verification {
  id: number;
  orgId: string;
  casePk: number;
  personKey: string;
  state: VerificationState;
  outcome: IdvOutcome | null;
  tokenExpiresAt: Date | null;
  dispatchedBy: string | null;
  dispatchedAt: Date | null;
  vendorName: string | null;
  vendorSessionId: string | null;
  documentId: number | null;
  satisfiedByDocId: number | null;
  checks: IdvCheck[] | null;
  /** What the verify step found about a document on file for the person (null before it, or for older rows). */
  documentOnFile: DocumentOnFile | null;
  completedAt: Date | null;
}

/** One human of a case (its parties with the same personKey, roles merged), in roster order. */
export interface CasePerson {
  personKey: string;
  name: string;
  email: string | null;
  dateOfBirth: string | null;
  /** Kinds (director, ubo) in roster order, then the roles the application gives (signatory …), each once. */
  roles: string[];
  kinds: string[];
}

const COLUMNS = `id, org_id, case_pk, person_key, state, outcome, token_expires_at, dispatched_by, dispatched_at, vendor_name, vendor_session_id,
  document_id, satisfied_by_doc_id, checks, document_on_file, completed_at`;

/** A row of COLUMNS; JSON columns come back as text (MariaDB's JSON is LONGTEXT) or parsed. */
interface VerificationRow {
  id: number; org_id: string; case_pk: number; person_key: string; state: VerificationState; outcome: IdvOutcome | null;
  token_expires_at: Date | null; dispatched_by: string | null; dispatched_at: Date | null; vendor_name: string | null;
  vendor_session_id: string | null; document_id: number | null; satisfied_by_doc_id: number | null; checks: IdvCheck[] | string | null;
  document_on_file: DocumentOnFile | string | null; completed_at: Date | null;
}

const json = <T>(v: T | string | null): T | null => (v === null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toVerification(r: VerificationRow): Verification {
  return {
    id: r.id, orgId: r.org_id, casePk: r.case_pk, personKey: r.person_key, state: r.state, outcome: r.outcome, tokenExpiresAt: r.token_expires_at,
    dispatchedBy: r.dispatched_by, dispatchedAt: r.dispatched_at, vendorName: r.vendor_name, vendorSessionId: r.vendor_session_id,
    documentId: r.document_id, satisfiedByDocId: r.satisfied_by_doc_id, checks: json(r.checks), documentOnFile: json(r.document_on_file),
    completedAt: r.completed_at,
  };
}

/** The humans of a case: its directors and UBOs grouped by personKey, directors first, in position order. */
export async function listCasePersons(db: TenantDb, casePk: number): Promise<CasePerson[]> {
  const orgId = db.orgId;
  const rows: { kind: string; person_key: string; name: string; email: string | null; date_of_birth: string | Date | null; roles: string | string[] | null }[] =
    await db.query(
      `SELECT kind, person_key, name, email, date_of_birth, roles FROM case_parties WHERE org_id = ? AND case_pk = ?
       ORDER BY FIELD(kind, 'director', 'ubo'), position`,
      [orgId, casePk],
    );
  const byKey = new Map<string, CasePerson>();
  for (const r of rows) {
    const roles = (typeof r.roles === 'string' ? JSON.parse(r.roles) : r.roles ?? []) as string[];
    const dob = r.date_of_birth instanceof Date ? r.date_of_birth.toISOString().slice(0, 10) : r.date_of_birth;
    const p = byKey.get(r.person_key) ?? { personKey: r.person_key, name: r.name, email: null, dateOfBirth: null, roles: [], kinds: [] };
    p.email ??= r.email?.trim() || null;
    p.dateOfBirth ??= dob ?? null;
    for (const role of [r.kind, ...roles]) if (!p.roles.includes(role)) p.roles.push(role);
    if (!p.kinds.includes(r.kind)) p.kinds.push(r.kind);
    byKey.set(r.person_key, p);
  }
  return [...byKey.values()];
}

export async function listCaseVerifications(db: TenantDb, casePk: number, lock = false): Promise<Verification[]> {
  const orgId = db.orgId;
  const rows: VerificationRow[] = await db.query(
    `SELECT ${COLUMNS} FROM identity_verifications WHERE org_id = ? AND case_pk = ? ORDER BY id${lock ? ' FOR UPDATE' : ''}`, [orgId, casePk],
  );
  return rows.map(toVerification);
}

export async function findVerificationOfPerson(db: TenantDb, casePk: number, personKey: string, lock = false): Promise<Verification | null> {
  const orgId = db.orgId;
  const rows: VerificationRow[] = await db.query(
    `SELECT ${COLUMNS} FROM identity_verifications WHERE org_id = ? AND case_pk = ? AND person_key = ?${lock ? ' FOR UPDATE' : ''}`, [orgId, casePk, personKey],
  );
  return rows[0] ? toVerification(rows[0]) : null;
}

/** The verification a link's token opens (any tenant: the token is the credential). */
export async function findVerificationByTokenHash(db: Queryable, tokenHash: string, lock = false): Promise<Verification | null> {
  const rows: VerificationRow[] = await crossTenant(db, 'token-lookup').query(`SELECT ${COLUMNS} FROM identity_verifications WHERE token_hash = ?${lock ? ' FOR UPDATE' : ''}`, [tokenHash]);
  return rows[0] ? toVerification(rows[0]) : null;
}

/** The verification of a vendor's session (any tenant: the vendor's signed callback names only its session). */
export async function findVerificationByVendorSession(db: Queryable, vendorName: string, sessionId: string, lock = false): Promise<Verification | null> {
  const rows: VerificationRow[] = await crossTenant(db, 'vendor-callback').query(
    `SELECT ${COLUMNS} FROM identity_verifications WHERE vendor_name = ? AND vendor_session_id = ?${lock ? ' FOR UPDATE' : ''}`, [vendorName, sessionId],
  );
  return rows[0] ? toVerification(rows[0]) : null;
}

export interface VerificationWrite {
  state: VerificationState;
  outcome?: IdvOutcome | null;
  tokenHash?: string | null;
  tokenExpiresAt?: Date | null;
  dispatchedBy?: string | null;
  dispatchedAt?: Date | null;
  vendorName?: string | null;
  vendorSessionId?: string | null;
  documentId?: number | null;
  selfieDocumentId?: number | null;
  satisfiedByDocId?: number | null;
  checks?: IdvCheck[] | null;
  documentOnFile?: DocumentOnFile | null;
  startedAt?: Date | null;
  completedAt?: Date | null;
}

const COLUMN_OF: Record<keyof VerificationWrite, string> = {
  state: 'state', outcome: 'outcome', tokenHash: 'token_hash', tokenExpiresAt: 'token_expires_at', dispatchedBy: 'dispatched_by', dispatchedAt: 'dispatched_at',
  vendorName: 'vendor_name', vendorSessionId: 'vendor_session_id', documentId: 'document_id', selfieDocumentId: 'selfie_document_id',
  satisfiedByDocId: 'satisfied_by_doc_id', checks: 'checks', documentOnFile: 'document_on_file', startedAt: 'started_at', completedAt: 'completed_at',
};

function assignments(w: VerificationWrite): { sql: string; params: unknown[] } {
  const keys = (Object.keys(w) as (keyof VerificationWrite)[]).filter((k) => w[k] !== undefined);
  return {
    sql: keys.map((k) => `${COLUMN_OF[k]} = ?`).join(', '),
    params: keys.map((k) => ((k === 'checks' || k === 'documentOnFile') && w[k] ? JSON.stringify(w[k]) : w[k])),
  };
}

/** Creates or rewrites the one verification row of a person of a case. */
export async function upsertVerification(db: TenantDb, casePk: number, personKey: string, w: VerificationWrite, now: Date): Promise<void> {
  const orgId = db.orgId;
  const existing = await findVerificationOfPerson(db, casePk, personKey);
  if (existing) {
    await updateVerification(db, existing.id, w, now);
    return;
  }
  const a = assignments(w);
  await db.query(
    `INSERT INTO identity_verifications SET org_id = ?, case_pk = ?, person_key = ?, created_at = ?, updated_at = ?, ${a.sql}`,
    [orgId, casePk, personKey, now, now, ...a.params],
  );
}

export async function updateVerification(db: TenantDb, id: number, w: VerificationWrite, now: Date): Promise<void> {
  const orgId = db.orgId;
  const a = assignments(w);
  await db.query(`UPDATE identity_verifications SET updated_at = ?, ${a.sql} WHERE org_id = ? AND id = ?`, [now, ...a.params, orgId, id]);
}

/** Keeps what the verify step found about a document on file for a person (their verification row exists). */
export async function setDocumentOnFile(db: TenantDb, casePk: number, personKey: string, value: DocumentOnFile): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE identity_verifications SET document_on_file = ? WHERE org_id = ? AND case_pk = ? AND person_key = ?', [JSON.stringify(value), orgId, casePk, personKey]);
}

/** Records a vendor's callback event id once; false when it was already recorded (a replay). */
export async function rememberVendorEvent(db: TenantDb, vendorName: string, eventId: string, verificationId: number, now: Date): Promise<boolean> {
  const orgId = db.orgId;
  const res = (await db.query(
    'INSERT IGNORE INTO idv_vendor_events (vendor_name, event_id, org_id, verification_id, received_at) VALUES (?, ?, ?, ?, ?)',
    [vendorName, eventId, orgId, verificationId, now],
  )) as { affectedRows: number };
  return res.affectedRows === 1;
}

/** Whether the tenant asks for a selfie with the ID document. */
export async function tenantRequiresSelfie(db: TenantDb): Promise<boolean> {
  const orgId = db.orgId;
  const rows: { idv_require_selfie: number }[] = await db.query('SELECT idv_require_selfie FROM tenants WHERE id = ?', [orgId]);
  return (rows[0]?.idv_require_selfie ?? 0) !== 0;
}

/** The tenant's settings the verify step reads: selfie required, a document on file accepted anyway, the reuse window in days. */
export async function findIdvSettings(db: TenantDb): Promise<{ requireSelfie: boolean; acceptDocumentOnFile: boolean; reuseWindowDays: number }> {
  const orgId = db.orgId;
  const rows: { idv_require_selfie: number; idv_accept_document_on_file: number; person_reuse_days: number }[] = await db.query(
    'SELECT idv_require_selfie, idv_accept_document_on_file, person_reuse_days FROM tenants WHERE id = ?', [orgId],
  );
  const r = rows[0];
  return {
    requireSelfie: (r?.idv_require_selfie ?? 0) !== 0, acceptDocumentOnFile: (r?.idv_accept_document_on_file ?? 0) !== 0,
    reuseWindowDays: r?.person_reuse_days ?? 365,
  };
}

const ID_DOCUMENT_COLUMNS = 'id, document_type, status, confidence, extracted_data';

interface IdDocumentRow { id: number; document_type: string | null; status: string; confidence: string | null; extracted_data: string | Record<string, unknown> | null }

function toIdDocument(r: IdDocumentRow): IdDocument {
  const extracted = (typeof r.extracted_data === 'string' ? JSON.parse(r.extracted_data) : r.extracted_data) as Record<string, unknown> | null;
  return { id: r.id, documentType: r.document_type, status: r.status, confidence: r.confidence, extracted: extracted ?? {} };
}

/** The case's passports and ID cards whose extraction completed or that an analyst approved (not purged), newest first. */
export async function listCaseIdDocuments(db: TenantDb, casePk: number): Promise<IdDocument[]> {
  const orgId = db.orgId;
  const rows: IdDocumentRow[] = await db.query(
    `SELECT ${ID_DOCUMENT_COLUMNS} FROM documents WHERE org_id = ? AND case_pk = ? AND document_type IN ('passport', 'id_card')
     AND status IN ('complete', 'approved') AND purged_at IS NULL ORDER BY id DESC`,
    [orgId, casePk],
  );
  return rows.map(toIdDocument);
}

/** One of the tenant's documents (of any case) by id, not purged, or null. */
export async function findIdDocument(db: TenantDb, id: number): Promise<IdDocument | null> {
  const orgId = db.orgId;
  const rows: IdDocumentRow[] = await db.query(
    `SELECT ${ID_DOCUMENT_COLUMNS} FROM documents WHERE org_id = ? AND id = ? AND purged_at IS NULL`, [orgId, id],
  );
  return rows[0] ? toIdDocument(rows[0]) : null;
}

/** Whether the verifier passed a verification on this document (it is the document a person uploaded through their link). */
export async function isPassedByVerifier(db: TenantDb, documentId: number): Promise<boolean> {
  const orgId = db.orgId;
  const rows: unknown[] = await db.query(
    "SELECT 1 FROM identity_verifications WHERE org_id = ? AND document_id = ? AND state = 'completed' AND outcome = 'pass' LIMIT 1", [orgId, documentId],
  );
  return rows.length > 0;
}

/** The documents of `personKeys`' identity verifications on a case (ID document, selfie, the document on file that satisfied it). */
export async function listVerificationDocumentIds(db: TenantDb, casePk: number, personKeys: string[]): Promise<number[]> {
  if (!personKeys.length) return [];
  const orgId = db.orgId;
  const rows: { document_id: number | null; selfie_document_id: number | null; satisfied_by_doc_id: number | null }[] = await db.query(
    'SELECT document_id, selfie_document_id, satisfied_by_doc_id FROM identity_verifications WHERE org_id = ? AND case_pk = ? AND person_key IN (?)',
    [orgId, casePk, personKeys],
  );
  return [...new Set(rows.flatMap((r) => [r.document_id, r.selfie_document_id, r.satisfied_by_doc_id]).filter((d): d is number => d !== null).map(Number))];
}
