import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { mayDeleteSavedView } from './case-list-views';
import { deleteSavedCaseView, lockSavedCaseView } from './saved-case-views.repository';

/**
 * Deletes a saved view: its author, or an admin (case_views:delete_any); another member gets forbidden.
 * A built-in view, an unknown id and another tenant's view are not_found.
 */
export async function deleteCaseView(svc: Services, actor: Actor, input: { viewId: string }): Promise<void> {
  authorize(actor, 'case_views:save');
  if (!/^[1-9]\d{0,15}$/.test(input.viewId)) throw DomainError.notFound('View');
  await inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const row = await lockSavedCaseView(db, Number(input.viewId));
    if (!row) throw DomainError.notFound('View');
    if (!mayDeleteSavedView(actor, row)) throw new DomainError('forbidden', 'Only the member who saved this view, or an admin, may delete it.');
    await deleteSavedCaseView(db, row.id as number);
  });
}
