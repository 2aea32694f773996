import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { lockConsoleCase } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { caseHumanOf, recordLink } from './record-link';
import { findPerson } from './persons.repository';
import { personIdOf, personKeyOf } from './person-input';

/**
 * An analyst links a case party (by personKey) to a person of the registry: person.linked. `conflict`
 * when the party has an active link already (unlink first) or the person is linked to another party of
 * the case; not_found for a missing or another tenant's case, party or person.
 */
export async function linkPerson(svc: Services, actor: Actor, input: { caseId: string; personKey: string; personId: number | string }): Promise<void> {
  authorize(actor, 'persons:link');
  const personKey = personKeyOf(input.personKey);
  const personId = personIdOf(input.personId);
  const orgId = actor.orgId;
  await inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    const human = await caseHumanOf(tx, orgId, c.pk, personKey);
    const person = await findPerson(db, personId, true);
    if (!person) throw DomainError.notFound('Person');
    await recordLink(tx, orgId, c.pk, human, person, auditName(actor));
  });
}
