import { auditName, authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { checkCaseListFilter, type CaseListFilter } from './case-filter';
import { BUILT_IN_CASE_VIEWS, savedCaseListView, type CaseListView } from './case-list-views';
import { countSavedCaseViews, insertSavedCaseView, lockSavedCaseView } from './saved-case-views.repository';

/** A view's name is 1 to this many characters. */
export const MAX_VIEW_NAME = 80;
/** A tenant keeps at most this many saved views. */
export const MAX_SAVED_VIEWS = 100;

/**
 * Saves a filter of the case list as a view shared by everyone in the tenant (analyst or above; the
 * console only). The name (trimmed, 1..80 characters) is unique in the tenant, built-in names included:
 * a taken one is a conflict. The filter is checked as the list checks it and kept normalised.
 */
export async function saveCaseView(
  svc: Services, actor: Actor, input: { name: string; filter: CaseListFilter & { updatedSince?: Date } },
): Promise<CaseListView> {
  authorize(actor, 'case_views:save');
  const details: ValidationDetail[] = [];
  const name = String(input.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name) details.push({ path: 'name', message: 'must not be blank' });
  else if (name.length > MAX_VIEW_NAME) details.push({ path: 'name', message: `must be at most ${MAX_VIEW_NAME} characters long` });
  const filter = checkCaseListFilter(input.filter ?? {}, details);
  if (input.filter?.updatedSince !== undefined) details.push({ path: 'filter.updatedSince', message: 'is a moment, not kept in a saved view; leave it out' });
  if (details.length) throw DomainError.validation(details);
  if (BUILT_IN_CASE_VIEWS.some((v) => v.name.toLowerCase() === name.toLowerCase())) {
    throw new DomainError('conflict', `"${name}" is the name of a built-in view; choose another name.`);
  }
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    if (await countSavedCaseViews(db) >= MAX_SAVED_VIEWS) {
      throw new DomainError('conflict', `The organisation already has ${MAX_SAVED_VIEWS} saved views; delete one first.`);
    }
    const id = await insertSavedCaseView(db, {
      name, filter: JSON.stringify(filter), createdByMemberId: actor.kind === 'member' ? actor.memberId : null, createdBy: auditName(actor), at: svc.clock.now(),
    });
    if (id === null) throw new DomainError('conflict', `A view named "${name}" already exists.`);
    return savedCaseListView(actor, (await lockSavedCaseView(db, id))!);
  });
}
