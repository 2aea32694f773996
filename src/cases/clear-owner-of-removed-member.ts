import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { clearCaseOwner, lockCasesOwnedBy } from './sql/owner-removal';

/**
 * A step of removing a member (inside the removal's transaction): every case of the tenant they own
 * loses its owner, and each records `owner.changed` with previousOwner {name, email}, newOwner null,
 * changedBy the removing admin and reason `member_removed`. Returns how many cases it cleared.
 */
export async function clearOwnerOfRemovedMember(
  tx: Tx,
  input: { orgId: string; member: { id: string; name: string | null; email: string }; changedBy: string },
): Promise<number> {
  const now = tx.services.clock.now();
  const owned = await lockCasesOwnedBy(forTenant(tx.manager, input.orgId), input.member.id);
  for (const c of owned) {
    await clearCaseOwner(forTenant(tx.manager, input.orgId), c.pk, input.member.id, now);
    const email = c.ownerEmail ?? input.member.email;
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'owner.changed',
      case: { pk: c.pk },
      fields: {
        previousOwner: { name: c.ownerName ?? input.member.name ?? email, email },
        newOwner: null,
        changedBy: input.changedBy,
        reason: 'member_removed',
      },
    });
  }
  return owned.length;
}
