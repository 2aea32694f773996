import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { emailAddressProblem, isAcceptedEmail } from '../email-address';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockConsoleCase } from './case-work.repository';
import { findPartyEmail, setPartyEmail } from './case-parties.repository';

const MAX_EMAIL = 254;

export interface PersonEmailChange {
  caseId: string;
  personKey: string;
  /** Whether the address changed (the same address again changes nothing and audits nothing). */
  changed: boolean;
}

/** The address as typed, trimmed, or a validation error in words (path `email`). */
function acceptedEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim() : '';
  const problem = !email ? 'must be the person\'s email address, such as name@example.com'
    : email.length > MAX_EMAIL ? `must be at most ${MAX_EMAIL} characters`
      : emailAddressProblem(email) ?? (!isAcceptedEmail(email) ? 'must be an email address such as name@example.com' : null);
  if (problem) throw DomainError.validation([{ path: 'email', message: problem }]);
  return email;
}

/**
 * An analyst adds or corrects the email address of a person (director, UBO or signatory; every party row
 * of that human, by personKey) on a case of their organisation, so that a verification link can be sent
 * (Resend on the case page). Audited as `case.person_email.set` with the case, the person's key and whether
 * an address was added or corrected (the address itself stays out of the audit log, as other personal data
 * does). A case of another tenant, a missing case and an unknown person are not_found.
 */
export async function setPersonEmail(
  svc: Services, actor: Actor, input: { caseId: string; personKey: string; email: string },
): Promise<PersonEmailChange> {
  authorize(actor, 'cases:work');
  const email = acceptedEmail(input.email);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    if (c.purgedAt) throw new DomainError('conflict', `The personal data of case ${c.caseId} is purged; nobody on it can be given an email address.`);
    const previous = await findPartyEmail(db, c.pk, String(input.personKey ?? ''));
    if (previous === undefined) throw DomainError.notFound('Person');
    if (previous === email) return { caseId: c.caseId, personKey: input.personKey, changed: false };
    const now = svc.clock.now();
    await setPartyEmail(db, c.pk, input.personKey, email);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'case.person_email.set',
      details: { caseId: c.caseId, personKey: input.personKey, change: previous ? 'corrected' : 'added' }, at: now,
    });
    return { caseId: c.caseId, personKey: input.personKey, changed: true };
  });
}
