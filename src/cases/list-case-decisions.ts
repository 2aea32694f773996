import { clampLimit, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/cursor';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import type { DecisionView } from './case.wire';
import { DECISION_COLUMNS, decisionView, type DecisionRow } from './decision-views';
import { findCaseRow } from './find-case';

/** GET /v1/cases/{caseId}/decisions: newest first, keyset on the decision id. */
export async function listCaseDecisions(
  svc: Services, actor: Actor, caseId: string, input: { limit?: number; cursor?: string },
): Promise<Page<DecisionView>> {
  authorize(actor, 'decisions:read');
  const orgId = actor.orgId;
  const c = await findCaseRow(svc, orgId, caseId);
  const limit = clampLimit(input.limit);
  const scope: CursorScope = { orgId, list: 'decisions', filter: { caseId: c.case_id } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows: DecisionRow[] = await svc.db.query(
    `SELECT ${DECISION_COLUMNS} FROM decisions FORCE INDEX (ix_decisions_case)
     WHERE org_id = ? AND case_pk = ? ${after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${limit + 1}`,
    after !== null ? [orgId, c.pk, after] : [orgId, c.pk],
  );
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], (r) => decisionView(r, c.case_id));
}
