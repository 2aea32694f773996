import { DomainError } from '../errors';
import type { Services } from '../services';
import { isCaseId } from './case-id';
import { CASE_COLUMNS, type CaseRow } from './case-views';

/**
 * A tenant's case by its public id. Another tenant's case and a missing one give the very same
 * not_found, so ids cannot be probed across tenants. `extraColumns` (SQL, typed by E) are read in the
 * same query, for a caller that needs more of the row than the case views.
 */
export async function findCaseRow<E extends object = object>(
  svc: Services, orgId: string, caseId: string, extraColumns?: string,
): Promise<CaseRow & E> {
  if (!isCaseId(caseId)) throw DomainError.notFound('Case');
  const columns = extraColumns ? `${CASE_COLUMNS}, ${extraColumns}` : CASE_COLUMNS;
  const [row]: (CaseRow & E)[] = await svc.db.query(`SELECT ${columns} FROM cases WHERE org_id = ? AND case_id = ?`, [orgId, caseId]);
  if (!row) throw DomainError.notFound('Case');
  return { ...row, pk: Number(row.pk) };
}

/** The internal pk of a tenant's case, or null (list filters: an unknown case is an empty list). */
export async function findCasePk(svc: Services, orgId: string, caseId: string): Promise<number | null> {
  if (!isCaseId(caseId)) return null;
  const [row]: { pk: number }[] = await svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [orgId, caseId]);
  return row ? Number(row.pk) : null;
}
