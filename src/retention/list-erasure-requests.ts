import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { ValidationDetail } from '../errors';
import { decodeCursor, pageSize, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { throwIfAny } from '../validation';
import type { ErasureDecisionView } from './request-erasure';
import { listErasureRequests as readErasureRequests } from './schedules.repository';

/** An erasure request as the console lists it: who asked for whom, why, and where each case of the person stands. */
export interface ErasureRequestListItem {
  requestId: number;
  personId: number;
  reason: string;
  requestedBy: string;
  requestedAt: Date;
  /**
   * `done` when every case's data is erased (or no case was linked); `waiting` while a case is retained (until its date,
   * a legal hold's release, or the end of an active relationship).
   */
  state: 'done' | 'waiting';
  decisions: ErasureDecisionView[];
}

/**
 * The tenant's erasure requests, newest first (compliance_admin, like requestErasure), each with its decision per case
 * as it stands now (a retained case the sweep erased since has `erasedAt`). Keyset-paged on the request id (never
 * OFFSET); the cursor is signed and bound to the tenant.
 */
export async function listErasureRequests(
  svc: Services, actor: Actor, input: { limit?: number | null; cursor?: string | null } = {}, options: { edgeCursors?: boolean } = {},
): Promise<Page<ErasureRequestListItem>> {
  authorize(actor, 'subject_requests:manage');
  const details: ValidationDetail[] = [];
  const limit = pageSize(input.limit, 'first', details);
  throwIfAny(details);
  const scope: CursorScope = { orgId: actor.orgId, list: 'erasure_requests', filter: {} };
  const before = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await readErasureRequests(forTenant(svc.db, actor), before, limit + 1);
  return toPage(svc.config, scope, rows, limit, (r) => [r.id], (r) => ({
    requestId: r.id, personId: r.personId, reason: r.reason, requestedBy: r.requestedBy, requestedAt: r.requestedAt,
    state: r.decisions.every((d) => d.outcome !== 'retained' || d.erasedAt !== null) ? 'done' as const : 'waiting' as const,
    decisions: r.decisions.map((d) => ({ caseId: d.caseId, outcome: d.outcome, scope: d.scope, retainUntil: d.retainUntil, legalBasis: d.legalBasis, erasedAt: d.erasedAt })),
  }), options);
}
