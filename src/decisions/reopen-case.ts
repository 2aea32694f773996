import { authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { throwIfAny } from '../validation';
import type { ValidationDetail } from '../errors';
import type { Services } from '../services';
import { REOPENABLE_FROM, type ConsoleCaseView } from '../cases/index';
import { moveCase, requireNote } from './move-case';

/**
 * Reopens an approved or declined case (the only way back, decisions.md): in one transaction, with the
 * case row locked, the case goes to in_review with case.status.changed, and the reason is written to
 * the tenant's audit log (action `case.reopened`), since the event carries no reason. Its decisions
 * stay in its history; a new decision is needed.
 */
export async function reopenCase(svc: Services, actor: Actor, input: { caseId: string; reason: string }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:reopen');
  const details: ValidationDetail[] = [];
  const reason = requireNote(details, 'reason', input.reason);
  throwIfAny(details);
  return moveCase(svc, actor, { caseId: input.caseId, to: 'in_review', what: 'reopened', allowedFrom: REOPENABLE_FROM }, async ({ tx, db, c, by, now }) => {
    await recordAudit(tx, { orgId: db.orgId, actor: by, action: 'case.reopened', details: { caseId: c.caseId, previousStatus: c.status, reason }, at: now });
  });
}
