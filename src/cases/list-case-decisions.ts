import { clampLimit, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/cursor';
import { requireScope, type Principal } from '../oauth/principal';
import type { Services } from '../services';
import { findCaseRow } from './find-case';

/**
 * One decision of a case's history: the decisions record, shaped like case.decision.made
 * (`auto` is always present here, false for an analyst's decision; `reason` null unless automatic).
 */
export interface DecisionView {
  id: number;
  caseId: string;
  outcome: string;
  notes: string;
  analystEmail: string;
  decidedAt: string;
  auto: boolean;
  reason: string | null;
}

/** GET /v1/cases/{caseId}/decisions: newest first, keyset on the decision id. */
export async function listCaseDecisions(
  svc: Services, principal: Principal, caseId: string, input: { limit?: number; cursor?: string },
): Promise<Page<DecisionView>> {
  requireScope(principal, 'read:decisions');
  const orgId = principal.orgId;
  const c = await findCaseRow(svc, orgId, caseId);
  const limit = clampLimit(input.limit);
  const scope: CursorScope = { orgId, list: 'decisions', filter: { caseId: c.case_id } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows: Record<string, never>[] = await svc.db.query(
    `SELECT id, outcome, notes, analyst_email, auto, reason, decided_at FROM decisions FORCE INDEX (ix_decisions_case)
     WHERE org_id = ? AND case_pk = ? ${after !== null ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ${limit + 1}`,
    after !== null ? [orgId, c.pk, after] : [orgId, c.pk],
  );
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], (r) => ({
    id: Number(r.id), caseId: c.case_id, outcome: r.outcome, notes: r.notes, analystEmail: r.analyst_email,
    decidedAt: (r.decided_at as Date).toISOString(), auto: Number(r.auto) === 1, reason: r.reason,
  }));
}
