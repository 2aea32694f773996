import { type TenantDb } from '../db/index';

const affected = (r: unknown) => Number((r as { affectedRows?: number }).affectedRows ?? 0);

/**
 * Zero retention's purge of the rows of src/cases for one case, in the caller's transaction: the case
 * row loses the customer's email, its key and name and gets purged_at; the company profile loses its
 * personal fields (the company's name, number and country stay on the case); the parties lose what
 * names or identifies a person. Returns the company profile and party rows changed (what the audit line
 * counts). The columns that go are listed in docs/retention.md.
 */
export async function purgeCasePersonalData(
  db: TenantDb, casePk: number, now: Date,
): Promise<{ companyProfile: number; parties: number }> {
  const orgId = db.orgId;
  await db.query(
    'UPDATE cases SET customer_email = NULL, customer_email_key = NULL, customer_name = NULL, purged_at = ?, updated_at = ? WHERE org_id = ? AND pk = ?',
    [now, now, orgId, casePk],
  );
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
  return { companyProfile, parties };
}

/**
 * An erasure request's erasure of one person on a case whose other people stay, in the caller's transaction: the
 * party rows of `personKeys` lose what names or identifies a person (as purgeCasePersonalData's parties do); the
 * case is not marked purged. Returns the rows changed and their screening subject ids (`<kind>:<position>`).
 */
export async function erasePartiesOfPerson(db: TenantDb, casePk: number, personKeys: string[]): Promise<{ parties: number; subjectIds: string[] }> {
  if (!personKeys.length) return { parties: 0, subjectIds: [] };
  const orgId = db.orgId;
  const rows: { kind: string; position: number }[] = await db.query(
    'SELECT kind, position FROM case_parties WHERE org_id = ? AND case_pk = ? AND person_key IN (?)', [orgId, casePk, personKeys],
  );
  const parties = affected(await db.query(
    `UPDATE case_parties SET name = '', email = NULL, nationality = NULL, date_of_birth = NULL, id_number = NULL, id_country = NULL,
       country_of_residence = NULL
     WHERE org_id = ? AND case_pk = ? AND person_key IN (?)`,
    [orgId, casePk, personKeys],
  ));
  return { parties, subjectIds: rows.map((r) => `${r.kind}:${r.position}`) };
}

/**
 * An erasure request's erasure of the case's customer (the applicant) while the case's other people stay: the case
 * row's customer email, its key and name, and the company profile's customer email go; the case is not marked purged.
 */
export async function eraseCaseCustomerContact(db: TenantDb, casePk: number, now: Date): Promise<number> {
  const orgId = db.orgId;
  const n = affected(await db.query(
    'UPDATE cases SET customer_email = NULL, customer_email_key = NULL, customer_name = NULL, updated_at = ? WHERE org_id = ? AND pk = ?', [now, orgId, casePk],
  ));
  await db.query('UPDATE company_profiles SET customer_email = NULL, updated_at = ? WHERE org_id = ? AND case_pk = ?', [now, orgId, casePk]);
  return n;
}
