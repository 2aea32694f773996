import { clampLimit, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/cursor';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { CASE_COLUMNS, caseSummaryView, type CaseRow } from './case-views';
import type { CaseSummaryView } from './case.wire';
import { CASE_STATUSES, type CaseStatus } from './case.entity';

export interface ListCasesInput {
  limit?: number;
  cursor?: string;
  /** One or more statuses (decisions.md values). */
  statuses?: CaseStatus[];
  /** Only cases whose updatedAt is at or after this instant. */
  updatedSince?: Date;
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
  const limit = clampLimit(input.limit);
  const statuses = input.statuses?.length ? [...new Set(input.statuses)].sort() : undefined;
  for (const s of statuses ?? []) if (!CASE_STATUSES.includes(s)) throw new Error(`unknown status ${s}`);
  const scope: CursorScope = {
    orgId, list: 'cases', filter: { statuses: statuses ?? null, updatedSince: input.updatedSince?.toISOString() ?? null },
  };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;

  const { sql, params } = listCasesQuery(orgId, { statuses, updatedSince: input.updatedSince, after, limit: limit + 1 });
  const rows: CaseRow[] = await svc.db.query(sql, params);
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.pk)], caseSummaryView);
}

/**
 * The keyset query of listCases (exported for the query-plan test). MariaDB sometimes prefers a
 * filesort over the backward range scan; the hint pins the index whose prefix is (org_id[, status])
 * and whose suffix is the keyset column: the primary key (org_id, pk), which also holds the rows.
 */
export function listCasesQuery(
  orgId: string,
  q: { statuses?: string[]; updatedSince?: Date; after: number | null; limit: number },
): { sql: string; params: unknown[] } {
  const where: string[] = ['org_id = ?'];
  const params: unknown[] = [orgId];
  let hint = 'FORCE INDEX (PRIMARY)';
  if (q.statuses?.length === 1) {
    where.push('status = ?');
    params.push(q.statuses[0]);
    hint = 'FORCE INDEX (ix_cases_org_status_pk)';
  } else if (q.statuses?.length) {
    where.push('status IN (?)');
    params.push(q.statuses);
  }
  if (q.updatedSince) {
    // Few cases change after a sync point: let the optimiser pick between the pk and updated_at indexes.
    where.push('updated_at >= ?');
    params.push(q.updatedSince);
    if (!q.statuses?.length) hint = '';
  }
  if (q.after !== null) {
    where.push('pk < ?');
    params.push(q.after);
  }
  return { sql: `SELECT ${CASE_COLUMNS} FROM cases ${hint} WHERE ${where.join(' AND ')} ORDER BY pk DESC LIMIT ${Math.floor(q.limit)}`, params };
}
