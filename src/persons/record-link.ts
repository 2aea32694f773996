import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import { sameEmail } from './person-matching';
import { humansOf, type CaseHuman } from './person-views';
import { findActiveLink, insertLink, listActiveLinksOfCase, listCaseParties, updatePersonContact, type Person } from './persons.repository';

/** The human of a case behind a personKey (its party rows merged); not_found when the case has none. */
export async function caseHumanOf(tx: Tx, orgId: string, casePk: number, personKey: string): Promise<CaseHuman> {
  const human = humansOf(await listCaseParties(forTenant(tx.manager, orgId), casePk)).find((h) => h.personKey === personKey);
  if (!human) throw DomainError.notFound('Party');
  return human;
}

/**
 * Links a case's human to a person inside the caller's transaction (the case row locked by the caller):
 * `conflict` when the party is linked already or the person is linked to another party of the case.
 * The person learns the party's email (and id number when it had none). Records person.linked.
 */
export async function recordLink(
  tx: Tx, orgId: string, casePk: number, human: CaseHuman, person: Person, linkedBy: string,
): Promise<void> {
  const db = forTenant(tx.manager, orgId);
  const existing = await findActiveLink(db, casePk, human.personKey, true);
  if (existing) {
    throw new DomainError('conflict', `${human.name} is already linked to person ${existing.personId}; unlink them first.`, { personId: existing.personId });
  }
  const personId = person.id;
  const other = (await listActiveLinksOfCase(db, casePk)).find((l) => l.personId === personId);
  if (other) throw new DomainError('conflict', `Person ${personId} is already linked to another party of this case.`, { personKey: other.personKey });
  const now = tx.services.clock.now();
  await insertLink(db, { casePk, personKey: human.personKey, personId, linkedBy, at: now });
  await learnFromParty(tx, orgId, person, human, now);
  await recordEvent(tx, {
    orgId, type: 'person.linked', case: { pk: casePk },
    fields: { personId, personKey: human.personKey, displayName: person.displayName, email: human.email, roles: human.roles, linkedBy },
  });
}

/** Adds the party's email to the person's (when new) and its id number when the person had none. */
export async function learnFromParty(tx: Tx, orgId: string, person: Person, human: CaseHuman, now: Date): Promise<void> {
  const emails = person.emails;
  const known = !human.email || emails.some((e) => sameEmail(e, human.email));
  if (known && (person.idNumber || !human.idNumber)) return;
  await updatePersonContact(forTenant(tx.manager, orgId), person.id, {
    emails: known ? emails : [...emails, human.email!.trim()], idNumber: human.idNumber, idCountry: human.idNumber ? human.idCountry : null, at: now,
  });
}
