import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { lockOverrideForSignOff, overrideAuditDetails } from './approve-decision-override';
import { findConsoleCaseRow } from '../cases/index';
import { consoleCaseView, type ConsoleCaseView } from '../cases/index';
import { closePendingOverride } from './decision-overrides.repository';

/**
 * A second member rejects the pending override of a case (four-eyes): the override is closed, the case
 * stays undecided where it was, no event is recorded, and the audit log records
 * `case.decision_override.rejected`.
 */
export async function rejectDecisionOverride(svc: Services, actor: Actor, input: { caseId: string }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const { c, pending, by } = await lockOverrideForSignOff(tx, actor, input.caseId, 'reject');
    const now = svc.clock.now();
    await closePendingOverride(db, c.pk, { state: 'rejected', by, at: now });
    await recordAudit(tx, { orgId, actor: by, action: 'case.decision_override.rejected', details: overrideAuditDetails(c.caseId, pending), at: now });
    return consoleCaseView((await findConsoleCaseRow(db, c.caseId))!, svc.config.appUrl);
  });
}
