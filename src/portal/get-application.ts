import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import type { Services } from '../services';
import { isEditable, loadApplication, portalCaseOf } from '../cases/index';
import type { ApplicationView } from '../cases/index';

/** application.get: the case's application (company profile, directors and UBOs) and whether it may still change. */
export async function getApplication(svc: Services, actor: Actor, input: { caseId?: string } = {}): Promise<ApplicationView> {
  const c = await portalCaseOf(svc.db, actor, input.caseId);
  return { ...(await loadApplication(forTenant(svc.db, actor), c)), editable: isEditable(c) };
}
