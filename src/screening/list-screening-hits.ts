import { findCaseRow } from '../cases/cases.repository';
import { clampLimit, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/cursor';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { HIT_COLUMNS, screeningHitView } from './screening-views';
import type { ScreeningHitView } from './screening.wire';

/** GET /v1/cases/{caseId}/screening: the case's hits, newest first, keyset on the hit row id. */
export async function listScreeningHits(
  svc: Services, actor: Actor, caseId: string, input: { limit?: number; cursor?: string },
): Promise<Page<ScreeningHitView>> {
  authorize(actor, 'screening:read');
  const orgId = actor.orgId;
  const c = await findCaseRow(svc.db, orgId, caseId);
  const limit = clampLimit(input.limit);
  const scope: CursorScope = { orgId, list: 'screening', filter: { caseId: c.case_id } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows: Record<string, never>[] = await svc.db.query(
    `SELECT ${HIT_COLUMNS} FROM screening_hits FORCE INDEX (ix_hits_case_id)
     WHERE org_id = ? AND case_pk = ? ${after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${limit + 1}`,
    after !== null ? [orgId, c.pk, after] : [orgId, c.pk],
  );
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], (r) => screeningHitView(r, c.case_id));
}
