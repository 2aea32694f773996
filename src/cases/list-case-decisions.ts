import { forTenant } from '../db/index';
import { pageSize, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import type { DecisionView } from './case.wire';
import { findCaseRow } from './cases.repository';
import { decisionView } from './decision-views';
import { listDecisionPage } from './decisions.repository';

/** GET /v1/cases/{caseId}/decisions: newest first, keyset on the decision id. */
export async function listCaseDecisions(
  svc: Services, actor: Actor, caseId: string, input: { limit?: number; cursor?: string },
): Promise<Page<DecisionView>> {
  authorize(actor, 'decisions:read');
  const orgId = actor.orgId;
  const c = await findCaseRow(forTenant(svc.db, actor), caseId);
  const limit = pageSize(input.limit);
  const scope: CursorScope = { orgId, list: 'decisions', filter: { caseId: c.caseId } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listDecisionPage(forTenant(svc.db, actor), Number(c.pk), { after, limit: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], (r) => decisionView(r, c.caseId));
}
