import type { TenantDb } from '../db/index';

/** The SQL of subject access (reads only): the cases, party rows and documents that name a data subject. */

export interface SubjectCase { pk: number; caseId: string; companyName: string | null; status: string; customerEmail: string | null; customerName: string | null; createdAt: Date; purgedAt: Date | null }

/** The tenant's cases whose customer or a party has one of `emails`, or that are among `caseIds`. */
export async function listSubjectCases(db: TenantDb, emails: string[], caseIds: string[]): Promise<SubjectCase[]> {
  const orgId = db.orgId;
  const e = emails.length ? emails : [''];
  const ids = caseIds.length ? caseIds : [''];
  const rows: { pk: number; case_id: string; company_name: string | null; status: string; customer_email: string | null; customer_name: string | null; created_at: Date; purged_at: Date | null }[] = await db.query(
    `SELECT c.pk, c.case_id, c.company_name, c.status, c.customer_email, c.customer_name, c.created_at, c.purged_at FROM cases c
     WHERE c.org_id = ? AND (LOWER(c.customer_email) IN (?) OR c.case_id IN (?)
       OR EXISTS (SELECT 1 FROM case_parties p WHERE p.org_id = c.org_id AND p.case_pk = c.pk AND LOWER(p.email) IN (?)))
     ORDER BY c.pk`, [orgId, e, ids, e],
  );
  return rows.map((r) => ({
    pk: Number(r.pk), caseId: r.case_id, companyName: r.company_name, status: r.status, customerEmail: r.customer_email, customerName: r.customer_name,
    createdAt: new Date(r.created_at), purgedAt: r.purged_at ? new Date(r.purged_at) : null,
  }));
}

/** The case's party rows of the subject (by email, or by the person keys the registry links), as stored. */
export async function listSubjectParties(db: TenantDb, casePk: number, emails: string[], personKeys: string[]): Promise<Record<string, unknown>[]> {
  const orgId = db.orgId;
  const rows: Record<string, unknown>[] = await db.query(
    `SELECT kind, person_key, name, email, nationality, date_of_birth, id_number, id_country, country_of_residence, roles FROM case_parties
     WHERE org_id = ? AND case_pk = ? AND (LOWER(email) IN (?) OR person_key IN (?)) ORDER BY kind, position`,
    [orgId, casePk, emails.length ? emails : [''], personKeys.length ? personKeys : ['']],
  );
  return rows.map((r) => ({ ...r, roles: typeof r.roles === 'string' ? JSON.parse(r.roles) as unknown : r.roles }));
}

export interface SubjectDocument { id: number; filename: string; documentType: string | null; uploadedAt: Date; extractedData: unknown; blobKey: string | null }

/** The case's documents of the subject: all of them for the case's customer, else those attached to them in the registry. */
export async function listSubjectDocuments(db: TenantDb, casePk: number, all: boolean, documentIds: number[]): Promise<SubjectDocument[]> {
  if (!all && !documentIds.length) return [];
  const orgId = db.orgId;
  const rows: { id: number; filename: string; document_type: string | null; uploaded_at: Date; extracted_data: unknown; blob_key: string | null }[] = await db.query(
    `SELECT id, filename, document_type, uploaded_at, extracted_data, blob_key FROM documents WHERE org_id = ? AND case_pk = ?${all ? '' : ' AND id IN (?)'} ORDER BY id`,
    all ? [orgId, casePk] : [orgId, casePk, documentIds],
  );
  return rows.map((r) => ({
    id: Number(r.id), filename: r.filename, documentType: r.document_type, uploadedAt: new Date(r.uploaded_at),
    extractedData: typeof r.extracted_data === 'string' ? JSON.parse(r.extracted_data) as unknown : r.extracted_data, blobKey: r.blob_key,
  }));
}

/** Who a case's personal data is about: its customer's email (lower-case, or null) and the person keys of its parties. */
export async function findCaseSubjects(db: TenantDb, casePk: number): Promise<{ customerEmail: string | null; personKeys: string[] }> {
  const orgId = db.orgId;
  const [c]: { customer_email: string | null }[] = await db.query('SELECT customer_email FROM cases WHERE org_id = ? AND pk = ?', [orgId, casePk]);
  const parties: { person_key: string }[] = await db.query('SELECT DISTINCT person_key FROM case_parties WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  return { customerEmail: c?.customer_email ? c.customer_email.toLowerCase() : null, personKeys: parties.map((p) => p.person_key) };
}
