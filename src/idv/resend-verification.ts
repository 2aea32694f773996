import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { lockConsoleCase } from '../cases/index';
import { advanceOnboardingStage, recordRosterChange } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { CaseVerificationView } from './idv.wire';
import { listVerificationViews } from './list-case-verifications';
import { sendVerificationLink } from './send-verification-link';
import { listCasePersons, findVerificationOfPerson } from './verifications.repository';

/**
 * An analyst sends a person of a case a new verification link (the console's Resend): a new token (the
 * old link stops working), the verification back to `link_sent` (a failed or manual-review result is set
 * aside for a new attempt), roster `link_sent`, and one email whose idv.dispatched names the analyst as
 * dispatchedBy. A verified person, or one without an email address, cannot be sent one.
 */
export async function resendVerification(
  svc: Services, actor: Actor, input: { caseId: string; personKey: string },
): Promise<CaseVerificationView[]> {
  authorize(actor, 'idv:resend');
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    const person = (await listCasePersons(db, c.pk)).find((p) => p.personKey === input.personKey);
    if (!person) throw new DomainError('not_found', 'No person with that personKey is on this case.');
    if (!person.email) throw DomainError.validation([{ path: 'personKey', message: `${person.name} has no email address, so no link can be sent` }]);
    const v = await findVerificationOfPerson(db, c.pk, person.personKey, true);
    if (v && (v.state === 'satisfied' || (v.state === 'completed' && v.outcome === 'pass'))) {
      throw new DomainError('conflict', `${person.name} is already verified.`);
    }
    const ref = { orgId, casePk: c.pk };
    const changed = await sendVerificationLink(tx, { ...ref, person: { ...person, email: person.email }, companyName: c.companyName, dispatchedBy: auditName(actor) });
    const moved = c.status !== 'approved' && c.status !== 'declined' && (await advanceOnboardingStage(tx, { ...ref, stage: 'awaiting_id_verification' }));
    if (changed && !moved) await recordRosterChange(tx, ref);
    return listVerificationViews(db, c.pk);
  });
}
