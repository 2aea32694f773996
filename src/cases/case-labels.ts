import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { labelsByCaseId, type CaseLabel } from './cases.repository';

export type { CaseLabel } from './cases.repository';

/**
 * The labels of some of the tenant's cases, in the order asked (a delivery row naming its case): null
 * for an id the tenant has no case of.
 */
export async function caseLabels(svc: Services, actor: Actor, caseIds: readonly string[]): Promise<(CaseLabel | null)[]> {
  authorize(actor, 'cases:read');
  const found = await labelsByCaseId(forTenant(svc.db, actor), [...new Set(caseIds)]);
  return caseIds.map((id) => found.get(id) ?? null);
}
