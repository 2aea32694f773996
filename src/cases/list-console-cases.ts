import { forTenant } from '../db/tenant-db';
import { authorize, type Actor } from '../access/index';
import { DomainError, type ValidationDetail } from '../errors';
import { pageSize, decodeCursor, searchTerm, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { caseSearchOf } from './case-search';
import { CASE_SOURCES, CASE_STATUSES, type CaseSource, type CaseStatus } from './case.entity';
import { RISK_BANDS, type CurrentDecisionView, type RiskBand } from './case.wire';
import { listConsoleCasePage, type ConsoleCaseRowWithDecision } from './case-work.repository';
import { currentDecisionView } from './decision-views';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';

export interface ConsoleCaseFilter {
  /** One or more statuses (decisions.md values). */
  statuses?: CaseStatus[];
  /** Case search (caseSearchOf), as GET /v1/cases's. */
  search?: string;
  source?: CaseSource;
  crmSource?: string;
  /** Cases owned by this member. */
  ownerId?: string;
  riskBand?: RiskBand;
  /** Only cases whose updatedAt is at or after this instant. */
  updatedSince?: Date;
}

export interface ListConsoleCasesInput extends ConsoleCaseFilter {
  limit?: number;
  cursor?: string;
  /** Read each case's current decision with the page (one statement instead of two when the caller shows it). */
  withDecision?: boolean;
}

/** A case of the list; `decision` (the current one, or null) is present when asked for with withDecision. */
export type ConsoleCaseListItem = ConsoleCaseView & { decision?: CurrentDecisionView | null };

/**
 * The console's case list: the tenant's cases newest first by creation (an immutable key), filtered,
 * keyset-paged like GET /v1/cases, with a cursor after every row (the connection's edge cursors). Each
 * equality filter reads its tenant-first index, already in keyset order, so a page costs the same at
 * any depth; the search reads four prefix ranges. A cursor is bound to the tenant and the filters.
 */
export async function listConsoleCases(svc: Services, actor: Actor, input: ListConsoleCasesInput): Promise<Page<ConsoleCaseListItem>> {
  authorize(actor, 'cases:read');
  if (input.withDecision) authorize(actor, 'decisions:read');
  const orgId = actor.orgId;
  const details: ValidationDetail[] = [];
  const statuses = input.statuses?.length ? [...new Set(input.statuses)].sort() : undefined;
  if (statuses?.some((s) => !CASE_STATUSES.includes(s))) details.push({ path: 'filter.status', message: `must be among ${CASE_STATUSES.join(', ')}` });
  if (input.source !== undefined && !CASE_SOURCES.includes(input.source)) details.push({ path: 'filter.source', message: `must be one of ${CASE_SOURCES.join(', ')}` });
  if (input.riskBand !== undefined && !RISK_BANDS.includes(input.riskBand)) details.push({ path: 'filter.riskBand', message: `must be one of ${RISK_BANDS.join(', ')}` });
  const term = searchTerm(input.search, 'filter.search', details);
  if (details.length) throw DomainError.validation(details);

  const filter = {
    statuses: statuses ?? null, search: term ?? null, source: input.source ?? null, crmSource: input.crmSource ?? null,
    ownerId: input.ownerId ?? null, riskBand: input.riskBand ?? null, updatedSince: input.updatedSince?.toISOString() ?? null,
  };
  const scope: CursorScope = { orgId, list: 'console_cases', filter };
  const limit = pageSize(input.limit);
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listConsoleCasePage(forTenant(svc.db, orgId), {
    statuses, source: input.source, crmSource: input.crmSource, ownerId: input.ownerId, riskBand: input.riskBand, updatedSince: input.updatedSince,
    search: term === undefined ? undefined : caseSearchOf(term),
    after, limit: limit + 1, withDecision: input.withDecision === true,
  });
  const view = (r: ConsoleCaseRowWithDecision): ConsoleCaseListItem => {
    const c: ConsoleCaseListItem = consoleCaseView(r, svc.config.appUrl);
    if (input.withDecision) {
      c.decision = r.decision_id === null ? null : currentDecisionView({
        id: r.decision_id, outcome: r.decision_outcome!, notes: r.decision_notes!, analyst_email: r.decision_analyst_email!,
        auto: Number(r.decision_auto), reason: r.decision_reason, decided_at: r.decision_decided_at!,
      });
    }
    return c;
  };
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.pk)], view, { edgeCursors: true });
}
