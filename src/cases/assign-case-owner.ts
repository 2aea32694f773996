import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction, type Tx } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { findConsoleCaseRow, findCurrentMemberForShare, lockConsoleCase, updateCaseOwner } from './case-work.repository';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';

/**
 * Assigns a case to a current member of the tenant, or with `memberId` null clears its owner, and
 * records owner.changed (previousOwner and newOwner as {name, email} or null, changedBy the actor) in
 * the same transaction. A member of another tenant, a removed member and an unknown id are all
 * not_found. Assigning the current owner again changes nothing and records nothing.
 */
export async function assignCaseOwner(
  svc: Services, actor: Actor, input: { caseId: string; memberId: string | null },
): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  return inTransaction(svc, (tx) => assignCaseOwnerInTx(tx, actor, input));
}

/**
 * assignCaseOwner inside the caller's transaction (a work queue handing out a case takes its own lock on
 * its queue row first). The platform's own assignments (a `system` actor: automatic assignment, a case
 * going back to its queue) record changedBy null, as the contract's owner.changed allows.
 */
export async function assignCaseOwnerInTx(tx: Tx, actor: Actor, input: { caseId: string; memberId: string | null }): Promise<ConsoleCaseView> {
  return (await assignOwnerInTx(tx, actor, input)).view;
}

/**
 * The assignment itself (assignCaseOwnerInTx), saying whether it changed the owner (and so recorded
 * owner.changed): bulkAssignCases reports it per case.
 */
export async function assignOwnerInTx(
  tx: Tx, actor: Actor, input: { caseId: string; memberId: string | null },
): Promise<{ changed: boolean; view: ConsoleCaseView }> {
  authorize(actor, 'cases:work');
  const orgId = actor.orgId;
  const svc = tx.services;
  const db = forTenant(tx.manager, actor);
  const c = await lockConsoleCase(db, input.caseId);
  let owner: { id: string; name: string; email: string } | null = null;
  if (input.memberId !== null) {
    const m = await findCurrentMemberForShare(db, input.memberId);
    if (!m) throw DomainError.notFound('Member');
    owner = { id: m.id, name: m.name ?? m.email, email: m.email };
  }
  const previous = c.ownerEmail !== null ? { name: c.ownerName ?? c.ownerEmail, email: c.ownerEmail } : null;
  const now = svc.clock.now();
  const changed = (owner?.id ?? null) !== c.ownerMemberId || (owner === null) !== (previous === null);
  if (changed) {
    await updateCaseOwner(db, c.pk, owner, now);
    await recordEvent(tx, {
      orgId,
      type: 'owner.changed',
      case: { pk: c.pk },
      fields: {
        previousOwner: previous,
        newOwner: owner ? { name: owner.name, email: owner.email } : null,
        changedBy: actor.kind === 'system' ? null : auditName(actor),
      },
    });
  }
  return { changed, view: consoleCaseView((await findConsoleCaseRow(db, c.caseId))!, svc.config.appUrl) };
}
