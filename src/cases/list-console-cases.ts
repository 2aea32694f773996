import { authorize, type Actor } from '../access/index';
import { emailKey } from '../email-address';
import { DomainError, type ValidationDetail } from '../errors';
import { clampLimit, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/cursor';
import type { Services } from '../services';
import { CASE_SOURCES, CASE_STATUSES, type CaseSource, type CaseStatus } from './case.entity';
import { RISK_BANDS, type RiskBand } from './case.wire';
import { listConsoleCasePage } from './case-work.repository';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';

export interface ConsoleCaseFilter {
  /** One or more statuses (decisions.md values). */
  statuses?: CaseStatus[];
  /**
   * A prefix of the company name (any letter case), of the customer's email (compared by its normalized
   * key, as the open-case guard does), of the caseId, or of the crmRecordId (as given: case-sensitive).
   */
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
}

/** Longest search term (a company name is at most 200 characters). */
const MAX_SEARCH = 200;

/**
 * The console's case list: the tenant's cases newest first by creation (an immutable key), filtered,
 * keyset-paged like GET /v1/cases, with a cursor after every row (the connection's edge cursors). Each
 * equality filter reads its tenant-first index, already in keyset order, so a page costs the same at
 * any depth; the search reads four prefix ranges. A cursor is bound to the tenant and the filters.
 */
export async function listConsoleCases(svc: Services, actor: Actor, input: ListConsoleCasesInput): Promise<Page<ConsoleCaseView>> {
  authorize(actor, 'cases:read');
  const orgId = actor.orgId;
  const details: ValidationDetail[] = [];
  const statuses = input.statuses?.length ? [...new Set(input.statuses)].sort() : undefined;
  if (statuses?.some((s) => !CASE_STATUSES.includes(s))) details.push({ path: 'filter.status', message: `must be among ${CASE_STATUSES.join(', ')}` });
  if (input.source !== undefined && !CASE_SOURCES.includes(input.source)) details.push({ path: 'filter.source', message: `must be one of ${CASE_SOURCES.join(', ')}` });
  if (input.riskBand !== undefined && !RISK_BANDS.includes(input.riskBand)) details.push({ path: 'filter.riskBand', message: `must be one of ${RISK_BANDS.join(', ')}` });
  const term = input.search?.trim() || undefined;
  if (term !== undefined && term.length > MAX_SEARCH) details.push({ path: 'filter.search', message: `must be at most ${MAX_SEARCH} characters` });
  if (details.length) throw DomainError.validation(details);

  const filter = {
    statuses: statuses ?? null, search: term ?? null, source: input.source ?? null, crmSource: input.crmSource ?? null,
    ownerId: input.ownerId ?? null, riskBand: input.riskBand ?? null, updatedSince: input.updatedSince?.toISOString() ?? null,
  };
  const scope: CursorScope = { orgId, list: 'console_cases', filter };
  const limit = clampLimit(input.limit);
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listConsoleCasePage(svc.db, orgId, {
    statuses, source: input.source, crmSource: input.crmSource, ownerId: input.ownerId, riskBand: input.riskBand, updatedSince: input.updatedSince,
    search: term === undefined ? undefined : {
      companyName: term, emailKey: emailKey(term), caseId: /^cs-/i.test(term) ? term.toUpperCase() : term.toLowerCase(), crmRecordId: term,
    },
    after, limit: limit + 1,
  });
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.pk)], (r) => consoleCaseView(r, svc.config.appUrl), { edgeCursors: true });
}
