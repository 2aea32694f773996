import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { latestRoutingsOf } from './policy.repository';
import { routingView, type RoutingView } from './policy-views';

/** The latest routing of each case named (null for a case never routed), in the order asked: for the console's per-request loaders. */
export async function latestRoutings(svc: Services, actor: Actor, caseIds: string[]): Promise<(RoutingView | null)[]> {
  authorize(actor, 'cases:read');
  const rows = await latestRoutingsOf(forTenant(svc.db, actor), caseIds);
  const byCase = new Map(rows.map((r) => [r.caseId, routingView(r)]));
  return caseIds.map((id) => byCase.get(id) ?? null);
}
