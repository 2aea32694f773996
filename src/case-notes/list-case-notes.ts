import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import { decodeCursor, pageSize, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { caseNoteViews, type CaseNoteView } from './case-note-view';
import { listNotePage } from './case-notes.repository';

/** A case's notes, newest first, keyset-paged (the case page merges them into its timeline by time). */
export async function listCaseNotes(svc: Services, actor: Actor, caseId: string, input: { limit?: number; cursor?: string }): Promise<Page<CaseNoteView>> {
  authorize(actor, 'case_notes:read');
  const db = forTenant(svc.db, actor);
  const casePk = await findCasePk(db, caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  const limit = pageSize(input.limit);
  const scope: CursorScope = { orgId: actor.orgId, list: 'case_notes', filter: { caseId } };
  const before = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listNotePage(db, casePk, { before, limit: limit + 1 });
  const views = await caseNoteViews(db, caseId, rows);
  const byId = new Map(views.map((v) => [v.id, v]));
  return toPage(svc.config, scope, rows, limit, (r) => [r.id], (r) => byId.get(r.id)!, { edgeCursors: true });
}
