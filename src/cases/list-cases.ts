import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import { pageSize, decodeCursor, searchTerm, toPage, type CursorScope, type Page } from '../pagination/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { caseSearchOf } from './case-search';
import { caseSummaryView } from './case-views';
import type { CaseSummaryView } from './case.wire';
import { CASE_STATUSES, type CaseStatus } from './case.entity';
import { listCasePage } from './cases.repository';

export interface ListCasesInput {
  limit?: number;
  cursor?: string;
  /** One or more statuses (decisions.md values). */
  statuses?: CaseStatus[];
  /** Only cases whose updatedAt is at or after this instant. */
  updatedSince?: Date;
  /** Case search (caseSearchOf), as the console's: words anywhere in the company, customer, email and identifiers, or a prefix of one. */
  search?: string;
  /** The same search under its short name (GET /v1/cases?q=); given with `search`, both must say the same. */
  q?: string;
}

/**
 * GET /v1/cases: the tenant's cases, newest first by creation (the internal primary key, which never
 * changes), paged by keyset. A case never moves in this order, so paging while cases are created or
 * updated never skips nor repeats a case: new cases appear before the first page, not between pages.
 * Each shape of filter reads one tenant-first index, so a page costs the same at any depth.
 */
export async function listCases(svc: Services, actor: Actor, input: ListCasesInput): Promise<Page<CaseSummaryView>> {
  authorize(actor, 'cases:read');
  const orgId = actor.orgId;
  const limit = pageSize(input.limit);
  const statuses = input.statuses?.length ? [...new Set(input.statuses)].sort() : undefined;
  for (const s of statuses ?? []) if (!CASE_STATUSES.includes(s)) throw new Error(`unknown status ${s}`);
  const term = searchTerm(input.search);
  const q = searchTerm(input.q, 'q');
  if (q !== undefined && term !== undefined && q !== term) {
    throw DomainError.validation([{ path: 'q', message: 'must say the same as search when both are given; give one of them' }]);
  }
  const filter: Record<string, unknown> = { statuses: statuses ?? null, updatedSince: input.updatedSince?.toISOString() ?? null };
  // Only a search adds its key, so the cursors of GET /v1/cases without one keep their meaning.
  const search = term ?? q;
  if (search !== undefined) filter.search = search;
  const scope: CursorScope = { orgId, list: 'cases', filter };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;

  const rows = await listCasePage(forTenant(svc.db, actor), {
    statuses, updatedSince: input.updatedSince, search: search === undefined ? undefined : caseSearchOf(search), after, limit: limit + 1,
  });
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.pk)], caseSummaryView);
}
