import type { Tx } from '../db/transaction';
import { normalizedName, sameEmail, sameIdDocument } from './person-matching';
import { ACCEPTED_DOCUMENT_STATUSES, humansOf, personEmails, type CaseHuman } from './person-views';
import {
  findActiveLink, findPerson, findReusableDocument, findReuseWindowDays, listActiveLinksOfCase, listCaseParties, listPersonsByNameAndBirth, listUnlinkedPersonIds, type PersonRow,
} from './persons.repository';
import { recordLink } from './record-link';

const DAY_MS = 86_400_000;

/**
 * The accepted passport or ID document on file in the registry for a case party (by its personKey), if one is
 * reusable now: the party's active link's person, else a strong automatic match (normalized name AND date of birth
 * equal AND (one of the person's emails equals the party's email OR same id number and id country)) which this
 * function then links (person.linked with linkedBy 'system'), and that person has an attached document still within
 * the tenant's validity window (attached_at + window > now) and not expired (valid_until). Null otherwise.
 *
 * Runs in the caller's transaction (its events commit with the caller's). A strong match is linked even
 * when the person has no reusable document (it is the same human either way); two or more strong matches
 * are ambiguous and link nothing. A person already linked to another party of the case, or one an analyst
 * unlinked from this party, is never matched (an unlink is not undone behind the analyst's back).
 */
export async function findReusableIdDocument(tx: Tx, input: { orgId: string; casePk: number; personKey: string }): Promise<{ documentId: number; personId: number } | null> {
  const { orgId, casePk, personKey } = input;
  const human = humansOf(await listCaseParties(tx.manager, orgId, casePk)).find((h) => h.personKey === personKey);
  if (!human) return null;
  let personId: number;
  const link = await findActiveLink(tx.manager, orgId, casePk, personKey);
  if (link) {
    personId = Number(link.person_id);
  } else {
    const match = await strongMatch(tx, orgId, casePk, human);
    if (!match) return null;
    await recordLink(tx, orgId, casePk, human, match, 'system');
    personId = Number(match.id);
  }
  const now = tx.services.clock.now();
  const days = await findReuseWindowDays(tx.manager, orgId);
  const documentId = await findReusableDocument(tx.manager, orgId, personId, {
    attachedAfter: new Date(now.getTime() - days * DAY_MS), today: now.toISOString().slice(0, 10), statuses: ACCEPTED_DOCUMENT_STATUSES,
  });
  return documentId === null ? null : { documentId, personId };
}

/** The one person that is certainly this human (see findReusableIdDocument), or null (none, or more than one). */
async function strongMatch(tx: Tx, orgId: string, casePk: number, human: CaseHuman): Promise<PersonRow | null> {
  if (!human.dateOfBirth || !human.name.trim()) return null;
  const taken = new Set([
    ...(await listActiveLinksOfCase(tx.manager, orgId, casePk)).map((l) => Number(l.person_id)),
    ...(await listUnlinkedPersonIds(tx.manager, orgId, casePk, human.personKey)),
  ]);
  const strong = (await listPersonsByNameAndBirth(tx.manager, orgId, normalizedName(human.name), human.dateOfBirth)).filter(
    (p) => !taken.has(Number(p.id)) && (personEmails(p).some((e) => sameEmail(e, human.email))
      || sameIdDocument({ idNumber: p.id_number, idCountry: p.id_country }, human)),
  );
  if (strong.length !== 1) return null;
  // Locked for the link, as linkPerson locks it.
  return findPerson(tx.manager, orgId, Number(strong[0]!.id), true);
}
