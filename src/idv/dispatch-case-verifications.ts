import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { advanceOnboardingStage, recordRosterChange } from '../cases/index';
import { lockCaseRow } from '../cases/index';
import { inTransaction, type Tx } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { StepGuard } from '../step-guard';
import { assessDocumentOnFile } from './assess-document-on-file';
import { satisfyByDocument } from './satisfy-by-document';
import { sendVerificationLink } from './send-verification-link';
import { listCasePersons, listCaseVerifications, setDocumentOnFile, upsertVerification } from './verifications.repository';
import { setPartyRosterStatus } from '../cases/index';

export interface DispatchSummary {
  /** Links queued (one per human with an email). */
  sent: number;
  /** Suppressed by a valid, accepted ID document on file. */
  satisfied: number;
  /** People without an email address: no link can be sent (roster action_needed). */
  withoutEmail: number;
}

/**
 * The pipeline's identity-verification step (after screening): each director, UBO and signatory of the
 * case, one per human (personKey, roles merged), who has no verification yet is either satisfied by a
 * valid, accepted passport or ID document on file (assessDocumentOnFile; idv.satisfied_by_document, roster
 * `verified`), or emailed a
 * verification link (idv.dispatched when sent, roster `link_sent`), or, without an email address, marked
 * `action_needed`. What the document check found (satisfied or not, and why) is kept with the person's
 * verification for the case page. While a link is outstanding the case is at stage awaiting_id_verification. People with
 * a verification from an earlier run keep it (an analyst may resend). One transaction; with a guard that
 * says the step is done, nothing is written.
 */
export async function dispatchCaseVerifications(
  svc: Services, actor: Actor, ref: { orgId: string; casePk: number }, guard?: StepGuard,
): Promise<DispatchSummary | null> {
  authorize(actor, 'idv:dispatch');
  if (actor.orgId !== ref.orgId) throw DomainError.notFound('Case');
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, ref.orgId);
    if (guard && !(await guard.claim(tx))) return null;
    const c = await lockCaseRow(db, ref.casePk);
    if (!c) throw DomainError.notFound('Case');
    const summary = await dispatchInTx(tx, ref, c.companyName);
    await guard?.done(tx);
    return summary;
  });
}

async function dispatchInTx(tx: Tx, ref: { orgId: string; casePk: number }, companyName: string | null): Promise<DispatchSummary> {
  const db = forTenant(tx.manager, ref.orgId);
  const summary: DispatchSummary = { sent: 0, satisfied: 0, withoutEmail: 0 };
  const done = new Set((await listCaseVerifications(db, ref.casePk, true)).map((v) => v.personKey));
  let rosterChanged = false;
  for (const person of await listCasePersons(db, ref.casePk)) {
    if (done.has(person.personKey)) continue;
    const onFile = await assessDocumentOnFile(tx, { ...ref, person });
    if (onFile.satisfied && onFile.documentId !== null) {
      rosterChanged = (await satisfyByDocument(tx, ref, person, { ...onFile, documentId: onFile.documentId })) || rosterChanged;
      summary.satisfied++;
    } else if (person.email) {
      rosterChanged = (await sendVerificationLink(tx, { ...ref, person: { ...person, email: person.email }, companyName, dispatchedBy: 'system' })) || rosterChanged;
      summary.sent++;
    } else {
      await upsertVerification(db, ref.casePk, person.personKey, { state: 'no_email' }, tx.services.clock.now());
      rosterChanged = (await setPartyRosterStatus(db, ref.casePk, person.personKey, 'action_needed')) || rosterChanged;
      summary.withoutEmail++;
    }
    await setDocumentOnFile(db, ref.casePk, person.personKey, onFile);
  }
  const outstanding = (await listCaseVerifications(db, ref.casePk)).some((v) => v.state === 'link_sent' || v.state === 'in_progress');
  const moved = outstanding && (await advanceOnboardingStage(tx, { ...ref, stage: 'awaiting_id_verification' }));
  if (rosterChanged && !moved) await recordRosterChange(tx, ref);
  return summary;
}
