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
