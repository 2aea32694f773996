import { DomainError, isDomainError, type ValidationDetail } from '../errors';

/** The most cases one bulk action (bulkAssignCases, bulkTagCases) or a selected export names. */
export const MAX_BULK_CASES = 200;

/** What a bulk action did to one case. */
export type BulkOutcome = 'changed' | 'unchanged' | 'refused';

/** The answer of a bulk action for one case: refused ones carry the reason (a domain error code) and its message. */
export interface BulkCaseResult<V> {
  caseId: string;
  outcome: BulkOutcome;
  /** For `refused`: not_found (unknown, or another organisation's), too_many_tags, ... ; null otherwise. */
  reason: string | null;
  message: string | null;
  /** The case after the action (null when refused). */
  case: V | null;
}

/**
 * The case ids of a bulk action checked: 1 to MAX_BULK_CASES strings (duplicates dropped, first order kept);
 * problems pushed to details at `path`.
 */
export function bulkCaseIdsOf(caseIds: readonly unknown[] | undefined, path: string, details: ValidationDetail[]): string[] {
  const ids = [...new Set((caseIds ?? []).map((id) => String(id).trim()))];
  if (ids.length === 0) details.push({ path, message: 'must name at least one case' });
  else if (ids.length > MAX_BULK_CASES) details.push({ path, message: `must name at most ${MAX_BULK_CASES} cases (it names ${ids.length})` });
  else if (ids.some((id) => id === '')) details.push({ path, message: 'must not hold a blank case id' });
  return ids;
}

/**
 * Runs `act` for each case in turn (its own transaction each: a case is changed wholly or not at all) and
 * reports each: a DomainError of one case (not_found, a case-level validation problem) refuses that case and
 * the others go on; any other error stops the call (the cases before it stay done).
 */
export async function eachCase<V>(
  caseIds: readonly string[], act: (caseId: string) => Promise<{ changed: boolean; view: V }>,
): Promise<BulkCaseResult<V>[]> {
  const results: BulkCaseResult<V>[] = [];
  for (const caseId of caseIds) {
    try {
      const { changed, view } = await act(caseId);
      results.push({ caseId, outcome: changed ? 'changed' : 'unchanged', reason: null, message: null, case: view });
    } catch (err) {
      if (!isDomainError(err) || err.code === 'service_unavailable') throw err;
      results.push({ caseId, outcome: 'refused', reason: reasonOf(err), message: err.message, case: null });
    }
  }
  return results;
}

const reasonOf = (err: DomainError): string => (typeof err.extra.reason === 'string' ? err.extra.reason : err.code);
