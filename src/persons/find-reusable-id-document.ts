import { findCaseMode } from '../cases/index';
import { forTenant, type TenantDb } from '../db/index';
import type { Tx } from '../db/transaction';
import { normalizedName, sameEmail, sameIdDocument } from './person-matching';
import { ACCEPTED_DOCUMENT_STATUSES, humansOf, type CaseHuman } from './person-views';
import {
  findActiveLink, findReusableDocument, findReuseWindowDays, listActiveLinksOfCase, listCaseParties, listPersonsByNameAndBirth, listUnlinkedPersonIds,
} from './persons.repository';

const DAY_MS = 86_400_000;

/** Who linked a party to a person for the system's automatic matching before issue 24 (typed data only). */
export const SYSTEM_LINKER = 'system';

/**
 * What the registry offers a case party (by its personKey) for identity verification:
 * - `reusable`: the party's link was made by an analyst (linkPerson), and the person has an attached document
 *   within the tenant's validity window (attached_at + window > now), not expired (valid_until) and still accepted;
 * - `no_document`: an analyst-confirmed link, but nothing reusable now;
 * - `unconfirmed_link`: the party's only link was made by the system from typed data: never enough to reuse a document;
 * - `proposed`: no link, but one person matches strongly on typed data (normalized name AND date of birth equal
 *   AND (an email or the id number and country equal)): an analyst may confirm it, nothing is linked or reused;
 * - `none`: nothing.
 */
export type RegistryIdDocument =
  | { status: 'reusable'; personId: number; documentId: number }
  | { status: 'no_document' | 'unconfirmed_link' | 'proposed'; personId: number; documentId: null }
  | { status: 'none'; personId: null; documentId: null };

/**
 * The registry's answer for a case party (see RegistryIdDocument). Typed data (name, date of birth, email,
 * passport number: what any applicant can type about anyone) only ever proposes; it never links or reuses,
 * so customer B naming customer A's verified director does not ride on A's verification. Reads only. Only
 * persons of the case's mode are matched (a test case's person is never proposed to a live case).
 */
export async function findReusableIdDocument(tx: Tx, input: { orgId: string; casePk: number; personKey: string }): Promise<RegistryIdDocument> {
  const { orgId, casePk, personKey } = input;
  const db = forTenant(tx.manager, { orgId, mode: await findCaseMode(forTenant(tx.manager, orgId), casePk) });
  const human = humansOf(await listCaseParties(db, casePk)).find((h) => h.personKey === personKey);
  if (!human) return { status: 'none', personId: null, documentId: null };
  const link = await findActiveLink(db, casePk, personKey);
  if (!link) {
    const proposed = await strongMatch(db, casePk, human);
    return proposed === null ? { status: 'none', personId: null, documentId: null } : { status: 'proposed', personId: proposed, documentId: null };
  }
  const personId = link.personId;
  if (link.linkedBy === SYSTEM_LINKER) return { status: 'unconfirmed_link', personId, documentId: null };
  const now = tx.services.clock.now();
  const days = await findReuseWindowDays(db);
  const documentId = await findReusableDocument(db, personId, {
    attachedAfter: new Date(now.getTime() - days * DAY_MS), today: now.toISOString().slice(0, 10), statuses: ACCEPTED_DOCUMENT_STATUSES,
  });
  return documentId === null ? { status: 'no_document', personId, documentId: null } : { status: 'reusable', personId, documentId };
}

/**
 * The one person that typed data says is this human, or null (none, or more than one). A person linked to
 * another party of the case, or one an analyst unlinked from this party, is left out.
 */
async function strongMatch(db: TenantDb, casePk: number, human: CaseHuman): Promise<number | null> {
  if (!human.dateOfBirth || !human.name.trim()) return null;
  const taken = new Set([
    ...(await listActiveLinksOfCase(db, casePk)).map((l) => l.personId),
    ...(await listUnlinkedPersonIds(db, casePk, human.personKey)),
  ]);
  const strong = (await listPersonsByNameAndBirth(db, normalizedName(human.name), human.dateOfBirth)).filter(
    (p) => !taken.has(p.id) && (p.emails.some((e) => sameEmail(e, human.email))
      || sameIdDocument({ idNumber: p.idNumber, idCountry: p.idCountry }, human)),
  );
  return strong.length === 1 ? strong[0]!.id : null;
}
