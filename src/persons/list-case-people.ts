import { type TenantDb, forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCaseById, findPerson, listActiveLinksOfCase, listCaseDocuments, listCaseParties, listMatchCandidates } from './persons.repository';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { matchScore, MAX_PROPOSALS } from './person-matching';
import {
  ACCEPTED_DOCUMENT_STATUSES, humansOf, idDocumentView, type CaseHuman, type CasePersonView, type IdDocumentView, type PersonProposalView,
} from './person-views';

/** Persons read per unlinked party when looking for proposals (those born the same day, or all when the date is unknown). */
export const MAX_MATCH_CANDIDATES = 2000;

/**
 * A case's people for the console: each human (one per personKey, their roles merged) with their active
 * link, or, when unlinked, the persons the registry proposes. Proposals are computed on read, not stored:
 * the registry changes after a case is submitted (other cases' parties marked new, persons linked
 * elsewhere), and a stored list would go stale; reading them costs one indexed query per unlinked party.
 * Also the case's accepted passports and ID documents (what may be attached to a linked person).
 */
export async function listCasePeople(
  svc: Services, actor: Actor, caseId: string,
): Promise<{ people: CasePersonView[]; idDocuments: IdDocumentView[] }> {
  authorize(actor, 'persons:read');
  const db = forTenant(svc.db, actor);
  const c = await findCaseById(db, caseId);
  if (!c) throw DomainError.notFound('Case');
  const [parties, links, docs] = await Promise.all([
    listCaseParties(db, c.pk), listActiveLinksOfCase(db, c.pk), listCaseDocuments(db, c.pk, ACCEPTED_DOCUMENT_STATUSES),
  ]);
  const linkedIds = new Set(links.map((l) => l.personId));
  const people: CasePersonView[] = [];
  for (const h of humansOf(parties)) {
    const link = links.find((l) => l.personKey === h.personKey);
    if (link) {
      const person = await findPerson(db, link.personId);
      people.push({
        ...humanFields(h), proposals: [],
        link: { personId: link.personId, displayName: person?.displayName ?? '', linkedBy: link.linkedBy, linkedAt: link.linkedAt },
      });
    } else {
      people.push({ ...humanFields(h), link: null, proposals: await proposalsFor(db, h, linkedIds) });
    }
  }
  return { people, idDocuments: docs.map(idDocumentView).filter((d): d is IdDocumentView => d !== null) };
}

function humanFields(h: CaseHuman) {
  return { personKey: h.personKey, name: h.name, email: h.email, roles: h.roles, dateOfBirth: h.dateOfBirth, nationality: h.nationality };
}

/** The persons proposed for an unlinked human, best first, leaving out those linked to another party of the case. */
export async function proposalsFor(db: TenantDb, h: CaseHuman, exclude: Set<number>): Promise<PersonProposalView[]> {
  if (!h.name.trim()) return [];
  const candidates = await listMatchCandidates(db, h.dateOfBirth, MAX_MATCH_CANDIDATES);
  const out: PersonProposalView[] = [];
  for (const p of candidates) {
    if (exclude.has(p.id)) continue;
    const m = matchScore({ name: h.name, dateOfBirth: h.dateOfBirth }, { name: p.displayName, dateOfBirth: p.dateOfBirth });
    if (!m) continue;
    out.push({ personId: p.id, displayName: p.displayName, dateOfBirth: p.dateOfBirth, nationality: p.nationality, score: m.score, sameBirthDate: m.sameBirthDate });
  }
  return out.sort((a, b) => b.score - a.score || b.personId - a.personId).slice(0, MAX_PROPOSALS);
}
