import { authorize, type Actor, type CustomerActor } from '../access/index';
import { DomainError } from '../errors';
import type { CaseStatus } from '../cases/index';

/**
 * The customer a portal use case acts for, bound to their one case (`casePk`). Other callers that the
 * permission lets through (the operator, the system) have no case of their own here, so they are refused.
 */
export function portalCustomer(actor: Actor): CustomerActor {
  authorize(actor, 'portal:case');
  if (actor.kind !== 'customer') throw new DomainError('forbidden', 'Only the customer of a case does this, in the customer portal.');
  return actor;
}

/** Documents change only while the customer is still preparing the application (before it is submitted). The status itself is not told: an escalation is no business of the customer. */
export function assertDocumentsOpen(status: CaseStatus, doing: 'added' | 'removed'): void {
  if (status !== 'in_progress') {
    throw new DomainError('conflict', `This application has been submitted, so documents can no longer be ${doing}.`);
  }
}
