import type { Tx } from '../db/transaction';
import { findReusableIdDocument } from '../persons/index';
import { sameName } from './local-verifier';
import { listAcceptedIdDocuments, type CasePerson } from './verifications.repository';

/**
 * An accepted passport or ID document already on file for one person, which makes a verification link
 * unnecessary: first one of this case (a passport or ID card whose extraction completed, or that an analyst
 * approved, with the person's name and date of birth, both as the application gives them), else one of the
 * person registry within the tenant's validity window. Null when there is none, or when the application
 * gives no date of birth to compare (a name alone is not enough).
 */
export async function findIdDocumentOnFile(tx: Tx, input: { orgId: string; casePk: number; person: CasePerson }): Promise<number | null> {
  const { person } = input;
  if (person.dateOfBirth) {
    for (const doc of await listAcceptedIdDocuments(tx.manager, input.orgId, input.casePk)) {
      const e = doc.extracted as { surname?: unknown; givenNames?: unknown; dateOfBirth?: unknown };
      const name = `${typeof e.givenNames === 'string' ? e.givenNames : ''} ${typeof e.surname === 'string' ? e.surname : ''}`;
      if (e.dateOfBirth === person.dateOfBirth && sameName(name, person.name)) return doc.id;
    }
  }
  const reused = await findReusableIdDocument(tx, { orgId: input.orgId, casePk: input.casePk, personKey: person.personKey });
  return reused?.documentId ?? null;
}
