import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { findCaseMode, lockConsoleCase } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { personKeyOf } from './person-input';
import { normalizedName } from './person-matching';
import { findActiveLink, insertLink, insertPerson } from './persons.repository';
import { caseHumanOf } from './record-link';

/**
 * An analyst confirms that no person of the registry is this party: a new person is created from the
 * party (name, date of birth, nationality, email, id number) and linked to it, and person.marked_new
 * recorded. `conflict` when the party is linked already. Returns the new person's id.
 */
export async function markPersonNew(svc: Services, actor: Actor, input: { caseId: string; personKey: string }): Promise<{ personId: number }> {
  authorize(actor, 'persons:link');
  const personKey = personKeyOf(input.personKey);
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    const human = await caseHumanOf(tx, orgId, c.pk, personKey);
    const existing = await findActiveLink(db, c.pk, personKey, true);
    if (existing) {
      throw new DomainError('conflict', `${human.name} is already linked to person ${existing.personId}; unlink them first.`, { personId: existing.personId });
    }
    if (!human.name.trim()) throw DomainError.validation([{ path: 'personKey', message: 'the party has no name to register' }]);
    const by = auditName(actor);
    const now = svc.clock.now();
    const displayName = human.name.trim();
    const personId = await insertPerson(db, {
      displayName, normalizedName: normalizedName(displayName), dateOfBirth: human.dateOfBirth, nationality: human.nationality,
      emails: human.email ? [human.email.trim()] : [], idNumber: human.idNumber, idCountry: human.idNumber ? human.idCountry : null,
      createdFromCasePk: c.pk, mode: db.mode ?? (await findCaseMode(db, c.pk)), createdBy: by, at: now,
    });
    await insertLink(db, { casePk: c.pk, personKey, personId, linkedBy: by, at: now });
    await recordEvent(tx, {
      orgId, type: 'person.marked_new', case: { pk: c.pk }, fields: { personId, personKey, displayName, email: human.email, resolvedBy: by },
    });
    return { personId };
  });
}
