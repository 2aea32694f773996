import { forTenant } from '../db/tenant-db';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { requireText, throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { assertTransition, REOPENABLE_FROM } from '../cases/index';
import { findConsoleCaseRow, lockConsoleCase, updateCaseStatus } from '../cases/index';
import { consoleCaseView, type ConsoleCaseView } from '../cases/index';
import { MAX_NOTE } from './escalate-case';

/**
 * Reopens an approved or declined case (the only way back, decisions.md): in one transaction, with the
 * case row locked, the case goes to in_review with case.status.changed, and the reason is written to
 * the tenant's audit log (action `case.reopened`), since the event carries no reason. Its decisions
 * stay in its history; a new decision is needed.
 */
export async function reopenCase(svc: Services, actor: Actor, input: { caseId: string; reason: string }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:reopen');
  const details: ValidationDetail[] = [];
  const reason = requireText(details, 'reason', input.reason, MAX_NOTE);
  throwIfAny(details);
  const orgId = actor.orgId;
  const by = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const c = await lockConsoleCase(forTenant(tx.manager, orgId), input.caseId);
    assertTransition(c.case_id, c.status, 'in_review', 'reopened', REOPENABLE_FROM);
    const now = svc.clock.now();
    await updateCaseStatus(forTenant(tx.manager, orgId), c.pk, 'in_review', now);
    await recordEvent(tx, {
      orgId, type: 'case.status.changed', case: { pk: c.pk },
      fields: { companyName: c.company_name, status: 'in_review', previousStatus: c.status, changedBy: by },
    });
    await recordAudit(tx, { orgId, actor: by, action: 'case.reopened', details: { caseId: c.case_id, previousStatus: c.status, reason }, at: now });
    return consoleCaseView((await findConsoleCaseRow(forTenant(tx.manager, orgId), c.case_id))!, svc.config.appUrl);
  });
}
