import { forTenant } from '../db/tenant-db';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { requireText, throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { assertTransition } from '../cases/index';
import { findConsoleCaseRow, insertEscalation, lockConsoleCase, updateCaseStatus } from '../cases/index';
import { consoleCaseView, type ConsoleCaseView } from '../cases/index';
import { closePendingOverride } from './decision-overrides.repository';

/** Longest escalation or response note. */
export const MAX_NOTE = 5000;

/**
 * An analyst escalates a case that is in_review or returned to senior review: in one transaction, with
 * the case row locked, an escalations row, escalation.created (the note, raisedBy the actor) and
 * case.status.changed to pending_senior. A pending approval over open checks (four-eyes) is superseded.
 */
export async function escalateCase(svc: Services, actor: Actor, input: { caseId: string; note: string }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  const note = requireText(details, 'note', input.note, MAX_NOTE);
  throwIfAny(details);
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const c = await lockConsoleCase(forTenant(tx.manager, orgId), input.caseId);
    assertTransition(c.case_id, c.status, 'pending_senior', 'escalated');
    const now = svc.clock.now();
    await insertEscalation(forTenant(tx.manager, orgId), c.pk, { note, raisedBy: by, at: now });
    await closePendingOverride(forTenant(tx.manager, orgId), c.pk, { state: 'superseded', by, at: now });
    await updateCaseStatus(forTenant(tx.manager, orgId), c.pk, 'pending_senior', now);
    await recordEvent(tx, { orgId, type: 'escalation.created', case: { pk: c.pk }, fields: { companyName: c.company_name, note, raisedBy: by } });
    await recordEvent(tx, {
      orgId, type: 'case.status.changed', case: { pk: c.pk },
      fields: { companyName: c.company_name, status: 'pending_senior', previousStatus: c.status, changedBy: by },
    });
    return consoleCaseView((await findConsoleCaseRow(forTenant(tx.manager, orgId), c.case_id))!, svc.config.appUrl);
  });
}
