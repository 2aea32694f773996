import { clampLimit, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/cursor';
import { authorize, type Actor } from '../access/index';
import { emailKey } from '../email-address';
import { DomainError } from '../errors';
import type { Services } from '../services';
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
  /** A prefix of the company name, the customer's email, the caseId or the crmRecordId (the console's search). */
  text?: string;
}

/** Longest search text (a company name is at most 200 characters). */
const MAX_TEXT = 200;

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
  const text = input.text?.trim() || undefined;
  if (text !== undefined && text.length > MAX_TEXT) throw DomainError.validation([{ path: 'text', message: `must be at most ${MAX_TEXT} characters` }]);
  const filter: Record<string, unknown> = { statuses: statuses ?? null, updatedSince: input.updatedSince?.toISOString() ?? null };
  // Only a search adds its key, so the cursors of GET /v1/cases keep their meaning.
  if (text !== undefined) filter.text = text;
  const scope: CursorScope = { orgId, list: 'cases', filter };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;

  const search = text === undefined ? undefined : {
    companyName: text, emailKey: emailKey(text), caseId: /^cs-/i.test(text) ? text.toUpperCase() : text.toLowerCase(), crmRecordId: text,
  };
  const rows = await listCasePage(svc.db, orgId, { statuses, updatedSince: input.updatedSince, search, after, limit: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.pk)], caseSummaryView);
}
