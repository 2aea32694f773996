import { forTenant } from '../db/index';
import { findCaseRow } from '../cases/index';
import { pageSize, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { screeningHitView } from './screening-views';
import type { ScreeningHitView } from './screening.wire';
import { listHitPage } from './screening.repository';

/** GET /v1/cases/{caseId}/screening: the case's hits, newest first, keyset on the hit row id. */
export async function listScreeningHits(
  svc: Services, actor: Actor, caseId: string, input: { limit?: number; cursor?: string },
): Promise<Page<ScreeningHitView>> {
  authorize(actor, 'screening:read');
  const orgId = actor.orgId;
  const db = forTenant(svc.db, actor);
  const c = await findCaseRow(db, caseId);
  const limit = pageSize(input.limit);
  const scope: CursorScope = { orgId, list: 'screening', filter: { caseId: c.caseId } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listHitPage(db, Number(c.pk), { after, limit: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [r.id], (r) => screeningHitView(r, c.caseId));
}
