import type { Actor } from '../access/index';
import { linkPerson } from '../persons/index';
import type { Services } from '../services';
import { recheckDocumentOnFile } from './recheck-document-on-file';

/**
 * An analyst links a case party to a person of the registry (src/persons' linkPerson, with its checks and
 * its errors), then the document-on-file check runs again for that party (recheckDocumentOnFile): a valid
 * accepted document of the person may now satisfy an open verification (idv.satisfied_by_document, on which
 * the case's pipeline resumes by itself). The one use case the console's linkPerson calls.
 */
export async function linkCasePerson(
  svc: Services, actor: Actor, input: { caseId: string; personKey: string; personId: number | string },
): Promise<{ satisfied: boolean }> {
  await linkPerson(svc, actor, input);
  return recheckDocumentOnFile(svc, actor, { caseId: input.caseId, personKey: input.personKey });
}
