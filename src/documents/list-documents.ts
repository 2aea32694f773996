import { forTenant } from '../db/index';
import { findCasePk } from '../cases/index';
import { pageSize, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import type { DocumentStatus } from './document.entity';
import { documentSummaryView } from './document-views';
import type { DocumentSummaryView } from './document.wire';
import { listDocumentPage } from './documents.repository';

/** GET /v1/documents: across the tenant, newest first by id, optionally of one case and/or one status. */
export async function listDocuments(
  svc: Services, actor: Actor, input: { caseId?: string; status?: DocumentStatus; limit?: number; cursor?: string },
): Promise<Page<DocumentSummaryView>> {
  authorize(actor, 'documents:read');
  const orgId = actor.orgId;
  const db = forTenant(svc.db, actor);
  const limit = pageSize(input.limit);
  const scope: CursorScope = { orgId, list: 'documents', filter: { caseId: input.caseId ?? null, status: input.status ?? null } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  let casePk: number | undefined;
  if (input.caseId !== undefined) {
    const pk = await findCasePk(db, input.caseId);
    if (pk === null) return { data: [], nextCursor: null, hasMore: false };
    casePk = pk;
  }
  const rows = await listDocumentPage(db, { casePk, status: input.status, after, limit: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], documentSummaryView);
}
