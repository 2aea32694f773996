import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { listEddRequirements, markEddRequested } from '../edd/index';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { lockOutreachCase } from './outreach-case';
import { SENT_AT } from '../customer-emails/index';
import { queueOutreachEmail, restartRemindersInTx } from './request-email';

export interface OutreachSentView {
  emailId: number;
  kind: string;
  recipientEmail: string;
  subject: string;
  items: { key: string; label: string }[];
}

/**
 * An analyst emails the customer for evidence of the named EDD requirements (each must be outstanding):
 * one `edd_request` email listing them, with a link that signs the customer in to the portal's upload
 * page. The requirements are marked requested and the case's reminders start over. Once the mail system
 * accepts the email, edd.requested and outreach.email.sent are recorded (by the outbox), one each per send.
 */
export async function requestEddEvidence(svc: Services, actor: Actor, input: { caseId: string; items: string[] }): Promise<OutreachSentView> {
  authorize(actor, 'outreach:send');
  authorize(actor, 'edd:manage');
  const keys = input.items;
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > 50) throw DomainError.validation([{ path: 'items', message: 'must name 1 to 50 EDD requirements' }]);
  const sentBy = auditName(actor);
  return inTransaction(svc, async (tx) => {
    const c = await lockOutreachCase(tx, actor.orgId, input.caseId);
    const db = forTenant(tx.manager, c.orgId);
    const reqs = new Map((await listEddRequirements(db, c.casePk)).map((r) => [r.reqKey, r]));
    const details: ValidationDetail[] = [];
    const seen = new Set<string>();
    keys.forEach((k, i) => {
      const r = reqs.get(k);
      if (seen.has(k)) details.push({ path: `items.${i}`, message: `repeats ${k}` });
      else if (!r) details.push({ path: `items.${i}`, message: `the case has no EDD requirement ${String(k).slice(0, 64)}` });
      else if (r.status !== 'outstanding') details.push({ path: `items.${i}`, message: `${k} is ${r.status}, not outstanding` });
      seen.add(k);
    });
    if (details.length) throw DomainError.validation(details);
    const items = keys.map((k) => ({ key: k, label: reqs.get(k)!.label }));
    await markEddRequested(db, c.casePk, keys, svc.clock.now());
    await restartRemindersInTx(tx, c);
    const { emailId, subject } = await queueOutreachEmail(tx, c, 'edd_request', items, (subj) => [
      { type: 'edd.requested', fields: { recipientEmail: c.customerEmail, itemCount: items.length, items, sentBy, sentAt: SENT_AT } },
      { type: 'outreach.email.sent', fields: { kind: 'edd_request', recipientEmail: c.customerEmail, subject: subj, itemCount: items.length, items, sentBy } },
    ]);
    return { emailId, kind: 'edd_request', recipientEmail: c.customerEmail, subject, items };
  });
}
