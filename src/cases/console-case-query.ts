import type { Actor } from '../access/index';
import { DomainError, type ValidationDetail } from '../errors';
import { bulkCaseIdsOf } from './bulk-cases';
import { checkCaseListFilter, type CaseListFilter } from './case-filter';
import { caseSearchOf } from './case-search';
import { CASE_SORT_KEYS, type CaseSort, type ConsoleCasePageQuery } from './case-work.repository';

/** The console list's filters and order as its callers give them (GraphQL `cases`, the CSV export). */
export interface ConsoleCaseQueryInput extends CaseListFilter {
  /** Only cases whose updatedAt is at or after this instant. */
  updatedSince?: Date;
  /** The order: by `created` (default), `updated`, `risk` or `sla` (due time), `desc` by default. */
  sort?: Partial<CaseSort>;
  /** Only these cases (1 to MAX_BULK_CASES case ids): the list's selection, for the export. */
  caseIds?: readonly string[];
}

/** A console list query checked: the repository's query, the order, and the filters as a cursor's scope keeps them. */
export interface CheckedConsoleCaseQuery {
  query: Omit<ConsoleCasePageQuery, 'after' | 'limit'> & { sort: CaseSort };
  sort: CaseSort;
  /** The filters (and a non-default order) as plain values: the cursor scope's filter, and what an audit line records. */
  filter: Record<string, unknown>;
}

/**
 * Checks and normalises the console list's filters and order for `actor` (`assignee: me` is the calling
 * member, or the member a connector acts for); every problem at once as validation_failed.
 */
export function checkConsoleCaseQuery(actor: Actor, input: ConsoleCaseQueryInput): CheckedConsoleCaseQuery {
  const details: ValidationDetail[] = [];
  const f = checkCaseListFilter(input, details);
  const me = actor.kind === 'member' || actor.kind === 'connector' ? actor.memberId : undefined;
  if (f.assignee === 'me' && me === undefined) details.push({ path: 'filter.assignee', message: 'me needs a signed-in member' });
  const sort: CaseSort = { by: input.sort?.by ?? 'created', direction: input.sort?.direction ?? 'desc' };
  if (!CASE_SORT_KEYS.includes(sort.by)) details.push({ path: 'sort.by', message: `must be one of ${CASE_SORT_KEYS.join(', ')}` });
  if (sort.direction !== 'asc' && sort.direction !== 'desc') details.push({ path: 'sort.direction', message: 'must be asc or desc' });
  const caseIds = input.caseIds === undefined ? undefined : bulkCaseIdsOf(input.caseIds, 'caseId', details);
  if (details.length) throw DomainError.validation(details);

  const ownerId = f.assignee === 'me' ? me : f.ownerId;
  const unassigned = f.assignee === 'nobody';
  const filter: Record<string, unknown> = {
    statuses: f.statuses ?? null, search: f.search ?? null, source: f.source ?? null, crmSource: f.crmSource ?? null,
    ownerId: ownerId ?? null, riskBand: f.riskBand ?? null, updatedSince: input.updatedSince?.toISOString() ?? null,
  };
  // Only the newer filters and orders add their keys, so earlier cursors keep their meaning.
  if (unassigned) filter.unassigned = true;
  if (f.tags) filter.tags = f.tags;
  if (caseIds) filter.caseIds = caseIds;
  if (f.slaStates) filter.slaStates = f.slaStates;
  if (sort.by !== 'created' || sort.direction !== 'desc') filter.sort = `${sort.by}:${sort.direction}`;
  const query = {
    statuses: f.statuses, source: f.source, crmSource: f.crmSource, ownerId, unassigned, riskBand: f.riskBand, updatedSince: input.updatedSince,
    tags: f.tags, slaStates: f.slaStates, search: f.search === undefined ? undefined : caseSearchOf(f.search), caseIds, sort,
  };
  return { query, sort, filter };
}
