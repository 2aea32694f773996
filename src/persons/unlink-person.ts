import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { lockConsoleCase } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { personKeyOf, reasonOf } from './person-input';
import { findActiveLink, unlinkLink } from './persons.repository';
import { caseHumanOf } from './record-link';

/**
 * An analyst removes a party's active link, saying why: the link is soft-deleted (kept with who, when
 * and why) and person.unlinked recorded. `conflict` when the party has no active link (unlinked twice).
 */
export async function unlinkPerson(svc: Services, actor: Actor, input: { caseId: string; personKey: string; reason: string }): Promise<void> {
  authorize(actor, 'persons:link');
  const personKey = personKeyOf(input.personKey);
  const reason = reasonOf(input.reason);
  const orgId = actor.orgId;
  await inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    const human = await caseHumanOf(tx, orgId, c.pk, personKey);
    const link = await findActiveLink(db, c.pk, personKey, true);
    if (!link) throw new DomainError('conflict', `${human.name} has no active person link to remove.`);
    const by = auditName(actor);
    await unlinkLink(db, link.id, { by, at: svc.clock.now(), reason });
    await recordEvent(tx, {
      orgId, type: 'person.unlinked', case: { pk: c.pk }, fields: { personId: link.personId, personKey, unlinkedBy: by, reason },
    });
  });
}
