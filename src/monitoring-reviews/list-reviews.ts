import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { DomainError, type ValidationDetail } from '../errors';
import { decodeCursor, pageSize, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { throwIfAny } from '../validation';
import { reviewView, type MonitoringReviewView } from './review-views';
import { casePkOf, listReviewRows, REVIEW_STATES, type ReviewState } from './reviews.repository';

/**
 * The tenant's monitoring reviews, newest first, optionally of one state (the MLRO's queue is
 * `with_mlro`) and of one case. Keyset-paged on the review id; the cursor is signed and bound to the
 * tenant and the filters.
 */
export async function listMonitoringReviews(
  svc: Services, actor: Actor,
  input: { state?: string | null; caseId?: string | null; limit?: number; cursor?: string | null } = {},
  options: { edgeCursors?: boolean } = {},
): Promise<Page<MonitoringReviewView>> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'monitoring_reviews:read');
  const details: ValidationDetail[] = [];
  const limit = pageSize(input.limit, 'limit', details);
  const state = input.state ?? undefined;
  if (state !== undefined && !(REVIEW_STATES as readonly string[]).includes(state)) {
    details.push({ path: 'state', message: `must be one of ${REVIEW_STATES.join(', ')}` });
  }
  throwIfAny(details);
  const scope: CursorScope = { orgId: actor.orgId, list: 'monitoring_reviews', filter: { state: state ?? null, caseId: input.caseId ?? null } };
  let casePk: number | undefined;
  if (input.caseId) {
    const pk = await casePkOf(db, input.caseId);
    if (pk === null) throw DomainError.notFound('Case');
    casePk = pk;
  }
  const beforeId = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : undefined;
  const rows = await listReviewRows(db, {
    ...(state ? { state: state as ReviewState } : {}), ...(casePk !== undefined ? { casePk } : {}), ...(beforeId !== undefined ? { beforeId } : {}), limit: limit + 1,
  });
  return toPage(svc.config, scope, rows, limit, (r) => [r.id], reviewView, options);
}
