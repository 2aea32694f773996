import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { assignOwnerInTx } from './assign-case-owner';
import { bulkCaseIdsOf, eachCase, type BulkCaseResult } from './bulk-cases';
import { findCurrentMemberForShare } from './case-work.repository';
import type { ConsoleCaseView } from './console-case-views';

/**
 * Assigns up to MAX_BULK_CASES cases to one current member of the tenant, or with `ownerId` null clears their
 * owners: the case list's bulk "Assign to…". Role-checked as a single assignment (`cases:work`, analyst and
 * up). Each case is assigned in a transaction of its own, exactly as assignCaseOwner does it (its row locked,
 * owner.changed recorded with it, changedBy the actor): a case is never half-written, and one that cannot be
 * assigned (unknown, another organisation's) is refused in the answer while the others go on. A case its
 * owner already has is `unchanged` and records nothing. The ids are checked first (1 to 200, else
 * validation_failed on `caseIds`), and so is the member (not_found for the whole call: nothing is written).
 */
export async function bulkAssignCases(
  svc: Services, actor: Actor, input: { caseIds: readonly string[]; ownerId: string | null },
): Promise<BulkCaseResult<ConsoleCaseView>[]> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  const caseIds = bulkCaseIdsOf(input.caseIds, 'caseIds', details);
  if (details.length) throw DomainError.validation(details);
  if (input.ownerId !== null && !(await findCurrentMemberForShare(forTenant(svc.db, actor), input.ownerId))) throw DomainError.notFound('Member');
  return eachCase(caseIds, (caseId) => inTransaction(svc, (tx) => assignOwnerInTx(tx, actor, { caseId, memberId: input.ownerId })));
}
