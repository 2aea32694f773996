import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { personCaseView, personDocumentView, personView, type PersonDetailView } from './person-views';
import { findPerson, listLinksOfPerson, listPersonDocuments } from './persons.repository';

/** One person with their cases (every link, active or unlinked, newest first) and attached documents; null for a missing or another tenant's id. */
export async function getPerson(svc: Services, actor: Actor, personId: number): Promise<PersonDetailView | null> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'persons:read');
  if (!Number.isSafeInteger(personId) || personId < 1) return null;
  const row = await findPerson(db, personId);
  if (!row) return null;
  const [links, documents] = await Promise.all([listLinksOfPerson(db, personId), listPersonDocuments(db, personId)]);
  return { ...personView(row), cases: links.map(personCaseView), documents: documents.map(personDocumentView) };
}
