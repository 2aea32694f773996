import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { BUILT_IN_CASE_VIEWS, savedCaseListView, type CaseListView } from './case-list-views';
import { MAX_SAVED_VIEWS } from './save-case-view';
import { listSavedCaseViews } from './saved-case-views.repository';

/** The views of the case list: the built-in ones first, then the tenant's saved views by name. */
export async function listCaseViews(svc: Services, actor: Actor): Promise<CaseListView[]> {
  authorize(actor, 'cases:read');
  const saved = await listSavedCaseViews(forTenant(svc.db, actor), MAX_SAVED_VIEWS);
  return [...BUILT_IN_CASE_VIEWS, ...saved.map((r) => savedCaseListView(actor, r))];
}
