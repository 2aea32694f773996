import { DomainError } from '../errors';
import type { Services } from '../services';
import { isCaseId } from './case-id';
import { CASE_COLUMNS, type CaseRow } from './case-views';

/**
 * A tenant's case by its public id. Another tenant's case and a missing one give the very same
 * not_found, so ids cannot be probed across tenants.
 */
export async function findCaseRow(svc: Services, orgId: string, caseId: string): Promise<CaseRow> {
  if (!isCaseId(caseId)) throw DomainError.notFound('Case');
  const [row]: CaseRow[] = await svc.db.query(`SELECT ${CASE_COLUMNS} FROM cases WHERE org_id = ? AND case_id = ?`, [orgId, caseId]);
  if (!row) throw DomainError.notFound('Case');
  return { ...row, pk: Number(row.pk) };
}

/** The internal pk of a tenant's case, or null (list filters: an unknown case is an empty list). */
export async function findCasePk(svc: Services, orgId: string, caseId: string): Promise<number | null> {
  if (!isCaseId(caseId)) return null;
  const [row]: { pk: number }[] = await svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [orgId, caseId]);
  return row ? Number(row.pk) : null;
}
