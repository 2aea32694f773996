import { authorize, type Actor } from '../access/index';
import { recordEvent } from '../events/record-event';
import { throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { insertEscalation, type ConsoleCaseView } from '../cases/index';
import { closePendingOverride } from './decision-overrides.repository';
import { moveCase, requireNote } from './move-case';

/**
 * An analyst escalates a case that is in_review or returned to senior review: in one transaction, with
 * the case row locked, an escalations row, escalation.created (the note, raisedBy the actor) and
 * case.status.changed to pending_senior. A pending approval over open checks (four-eyes) is superseded.
 */
export async function escalateCase(svc: Services, actor: Actor, input: { caseId: string; note: string }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  const note = requireNote(details, 'note', input.note);
  throwIfAny(details);
  return moveCase(svc, actor, { caseId: input.caseId, to: 'pending_senior', what: 'escalated' }, async ({ tx, db, c, by, now }) => {
    await insertEscalation(db, c.pk, { note, raisedBy: by, at: now });
    await closePendingOverride(db, c.pk, { state: 'superseded', by, at: now });
    await recordEvent(tx, { orgId: db.orgId, type: 'escalation.created', case: { pk: c.pk }, fields: { companyName: c.companyName, note, raisedBy: by } });
  });
}
