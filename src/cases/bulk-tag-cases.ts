import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { bulkCaseIdsOf, eachCase, type BulkCaseResult } from './bulk-cases';
import { caseTagsOf, MAX_CASE_TAGS } from './case-tags';
import { replaceCaseTags, tagsOfCase } from './case-tags.repository';
import { findConsoleCaseRow, lockConsoleCase } from './case-work.repository';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';

/**
 * Adds tags to and removes tags from up to MAX_BULK_CASES cases: the case list's bulk "Tag…". Role-checked as
 * setCaseTags (`cases:work`), the tags normalised by its rules (validation_failed on `add[i]`/`remove[i]`,
 * and when neither holds a tag). Each case in a transaction of its own (its row locked, as setCaseTags): its
 * tags become (its tags + add) - remove, `unchanged` when that is what it had; a case that would end with more
 * than MAX_CASE_TAGS tags is refused (reason too_many_tags) and keeps its tags. Like setCaseTags, no event
 * and updatedAt unchanged.
 */
export async function bulkTagCases(
  svc: Services, actor: Actor, input: { caseIds: readonly string[]; add?: readonly string[]; remove?: readonly string[] },
): Promise<BulkCaseResult<ConsoleCaseView>[]> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  const caseIds = bulkCaseIdsOf(input.caseIds, 'caseIds', details);
  const add = caseTagsOf(input.add ?? [], 'add', details);
  const remove = new Set(caseTagsOf(input.remove ?? [], 'remove', details));
  if (add.length === 0 && remove.size === 0 && !details.some((d) => d.path.startsWith('add') || d.path.startsWith('remove'))) {
    details.push({ path: 'add', message: 'add or remove must hold at least one tag' });
  }
  if (add.some((t) => remove.has(t))) details.push({ path: 'remove', message: 'must not hold a tag that add holds' });
  if (details.length) throw DomainError.validation(details);

  return eachCase(caseIds, (caseId) => inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, caseId);
    const before = (await tagsOfCase(db, c.pk)).sort();
    const after = [...new Set([...before, ...add])].filter((t) => !remove.has(t)).sort();
    const changed = after.length !== before.length || after.some((t, i) => t !== before[i]);
    if (changed && after.length > MAX_CASE_TAGS) {
      throw new DomainError('validation_failed', `The case would carry ${after.length} tags; a case carries at most ${MAX_CASE_TAGS}.`, { reason: 'too_many_tags' });
    }
    if (changed) await replaceCaseTags(db, c.pk, after);
    return { changed, view: consoleCaseView((await findConsoleCaseRow(db, c.caseId))!, svc.config.appUrl) };
  }));
}
