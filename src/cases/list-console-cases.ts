import { forTenant } from '../db/index';
import { nowOfMode } from '../test-clock/index';
import { authorize, type Actor } from '../access/index';
import { pageSize, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import type { CaseListFilter } from './case-filter';
import { checkConsoleCaseQuery } from './console-case-query';
import type { CurrentDecisionView } from './case.wire';
import type { ListedCaseSla } from './case-sla';
import { knownPastCountCap, rememberPastCountCap } from './case-count-floor';
import { countConsoleCases, listConsoleCasePage, selectsEveryCase, type CaseListPosition, type CaseSort, type ConsoleCaseRecordWithDecision } from './case-work.repository';
import { currentDecisionView } from './decision-views';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';

export interface ConsoleCaseFilter extends CaseListFilter {
  /** Only cases whose updatedAt is at or after this instant. */
  updatedSince?: Date;
}

export interface ListConsoleCasesInput extends ConsoleCaseFilter {
  limit?: number;
  cursor?: string;
  /** Read each case's current decision with the page (one statement instead of two when the caller shows it). */
  withDecision?: boolean;
  /** Read each case's SLA now with the page (`sla`, as src/sla's caseSlas answers it; one statement instead of two). */
  withSla?: boolean;
  /** The order: by `created` (default), `updated`, `risk` (score; cases not assessed last when descending) or `sla` (due time; cases without one last), `desc` by default. */
  sort?: Partial<CaseSort>;
  /** Also count the cases the filters select (`totalCount`; in the page's statement, apart only past the last row). */
  withTotal?: boolean;
}

/** A case of the list; `decision` (the current one, or null) and `sla` are present when asked for (withDecision, withSla). */
export type ConsoleCaseListItem = ConsoleCaseView & { decision?: CurrentDecisionView | null; sla?: ListedCaseSla | null };

/** The most cases the list counts: past it the count says "more than 1,000" (`totalCountCapped`). */
export const CASE_COUNT_CAP = 1_000;

/**
 * A page of the console's list, with the count of the cases its filters select when asked (withTotal): exact up to
 * CASE_COUNT_CAP; past it, CASE_COUNT_CAP and totalCountCapped.
 */
export type ConsoleCasePage = Page<ConsoleCaseListItem> & { totalCount?: number; totalCountCapped?: boolean };

/**
 * The console's case list: the tenant's cases newest first by creation (an immutable key) or sorted by
 * last update or risk score (pk breaking ties), filtered, keyset-paged like GET /v1/cases, with a cursor
 * after every row (the connection's edge cursors). Each equality filter reads its tenant-first index,
 * already in creation order, so a page costs the same at any depth; the search reads the full-text index
 * and prefix ranges. A cursor is bound to the tenant, the filters and the order. Sorted by update, a case
 * updated while paging may move (as in any list ordered by a changing value).
 */
export async function listConsoleCases(svc: Services, actor: Actor, input: ListConsoleCasesInput): Promise<ConsoleCasePage> {
  authorize(actor, 'cases:read');
  if (input.withDecision) authorize(actor, 'decisions:read');
  if (input.withSla) authorize(actor, 'sla:read');
  const orgId = actor.orgId;
  const { query, sort, filter } = checkConsoleCaseQuery(actor, input);
  const scope: CursorScope = { orgId, list: 'console_cases', filter };
  const limit = pageSize(input.limit);
  let after: CaseListPosition | null = null;
  if (input.cursor) {
    if (sort.by === 'created') after = { pk: Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) };
    else {
      const [value, pk] = decodeCursor(svc.config, scope, input.cursor, ['string', 'int']);
      after = { pk: Number(pk), value: value === '' ? null : String(value) };
    }
  }
  // The SLA filter and order read the clocks at the time of the caller's mode (a test case's runs on the test clock).
  const db = forTenant(svc.db, actor);
  const now = await nowOfMode(svc.clock, db, db.mode);
  // The whole list of a tenant known to hold more cases than the count reads is not counted again (case-count-floor).
  const everyCase = input.withTotal === true && selectsEveryCase(query);
  const pastCap = everyCase && knownPastCountCap(orgId, db.mode);
  const rows = await listConsoleCasePage(db, {
    ...query, now, after, limit: limit + 1, withDecision: input.withDecision === true, withSla: input.withSla === true,
    ...(input.withTotal && !pastCap ? { countAtMost: CASE_COUNT_CAP } : {}),
  });
  const view = (r: ConsoleCaseRecordWithDecision): ConsoleCaseListItem => {
    const c: ConsoleCaseListItem = consoleCaseView(r, svc.config.appUrl);
    if (input.withDecision) {
      c.decision = r.decision === null ? null : currentDecisionView(r.decision);
    }
    if (input.withSla) c.sla = r.sla ?? null;
    return c;
  };
  // The position after a row: its pk, and for the other orders the sorted value first ('' for a score not assessed).
  const position = (r: ConsoleCaseRecordWithDecision) => (sort.by === 'created' ? [r.pk]
    : [sort.by === 'updated' ? r.updatedAt : sort.by === 'sla' ? r.slaSort! : r.riskScore ?? '', r.pk]);
  const page: ConsoleCasePage = toPage(svc.config, scope, rows, limit, position, view, { edgeCursors: true });
  if (input.withTotal) {
    // Counted by the page's own statement; a page past the last row has no row to carry the count (a first page
    // without rows counts none).
    const n = pastCap ? CASE_COUNT_CAP + 1 : rows[0]?.totalCount ?? (after === null ? 0 : await countConsoleCases(db, { ...query, now }, CASE_COUNT_CAP));
    if (everyCase && n > CASE_COUNT_CAP) rememberPastCountCap(orgId, db.mode);
    page.totalCount = Math.min(n, CASE_COUNT_CAP);
    page.totalCountCapped = n > CASE_COUNT_CAP;
  }
  return page;
}
