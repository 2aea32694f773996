import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { caseTagsOf } from './case-tags';
import { replaceCaseTags } from './case-tags.repository';
import { findConsoleCaseRow, lockConsoleCase } from './case-work.repository';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';

/**
 * Sets a case's tags (the whole set: [] clears them), each normalised (lower case, see caseTagsOf), at
 * most MAX_CASE_TAGS. Case work (analyst or above). Tags are the console's own labels for filtering the
 * list: they change neither the case's updatedAt nor any event.
 */
export async function setCaseTags(svc: Services, actor: Actor, input: { caseId: string; tags: readonly string[] }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  const tags = caseTagsOf(input.tags, 'tags', details);
  if (details.length) throw DomainError.validation(details);
  return inTransaction(svc, async (tx) => {
    const c = await lockConsoleCase(forTenant(tx.manager, actor), input.caseId);
    await replaceCaseTags(forTenant(tx.manager, actor), c.pk, tags);
    return consoleCaseView((await findConsoleCaseRow(forTenant(tx.manager, actor), c.caseId))!, svc.config.appUrl);
  });
}
