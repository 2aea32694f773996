import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';

/**
 * Checks a subject access request (compliance_admin; exactly one of email or personId) and answers where the
 * console downloads its ZIP (GET /console/export/subject-access.zip, which exports and audits: subjectAccessExport).
 */
export function planSubjectAccess(actor: Actor, input: { email?: string | null; personId?: number | null }): { downloadUrl: string } {
  authorize(actor, 'subject_requests:manage');
  const email = input.email?.trim() || null;
  const personId = input.personId ?? null;
  if ((email === null) === (personId === null)) throw DomainError.validation([{ path: 'input', message: 'give exactly one of email or personId' }]);
  return { downloadUrl: `/console/export/subject-access.zip?${email ? `email=${encodeURIComponent(email)}` : `personId=${personId}`}` };
}
