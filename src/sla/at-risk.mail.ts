import { DateTime } from 'luxon';
import { caseQueueFacts } from '../cases/index';
import { forTenant, type TenantMode } from '../db/index';
import { inTransaction } from '../db/transaction';
import { queueMail, renderBrandedEmail, type MailKind } from '../mail/index';
import type { Services } from '../services';
import { findMemberContact, getTenant } from '../tenants/index';
import { nowOfMode } from '../test-clock/index';
import { clockState } from './sla-clock';
import { clocksDueForAtRiskMail, findAtRiskAlert, findPolicy, insertAtRiskAlert, loadClocks, markAtRiskMailed } from './sla.repository';

/** The owner's email when their case becomes at risk; its reference is the sla_at_risk_alerts row. */
export const SLA_AT_RISK_MAIL = 'sla_at_risk';

/** At-risk cases mailed per tenant and run. */
const MAILS_PER_RUN = 200;

/**
 * Emails each owner whose case of `mode` reached 80 % of its target, once per stretch of a status (the clock's
 * at_risk_mailed), in the transaction that notes it. A case without an owner waits until it has one (while
 * still at risk); a paused or breached clock is not mailed. Test cases are looked at on the tenant's test clock
 * (src/test-clock), and their email is a test one: kept in the service, never sent. Returns how many it queued.
 */
export async function mailAtRiskOwners(svc: Services, orgId: string, mode: TenantMode = 'live'): Promise<number> {
  const now = await nowOfMode(svc.clock, forTenant(svc.db, orgId), mode);
  const due = await clocksDueForAtRiskMail(forTenant(svc.db, orgId), mode, now, MAILS_PER_RUN);
  let n = 0;
  for (const pk of due) {
    n += await inTransaction(svc, async (tx) => {
      const db = forTenant(tx.manager, orgId);
      const clock = (await loadClocks(db, [pk], { lock: true })).get(pk);
      if (!clock || clock.atRiskMailed || clockState(clock, now) !== 'at_risk') return 0;
      const [facts] = await caseQueueFacts(db, [pk]);
      if (!facts || facts.ended || facts.mode !== mode || facts.status !== clock.status || !facts.ownerMemberId) return 0;
      const id = await insertAtRiskAlert(db, { casePk: pk, caseId: facts.caseId, memberId: facts.ownerMemberId, status: clock.status, dueAt: clock.dueAt!, createdAt: now });
      await queueMail(tx, { orgId, kind: SLA_AT_RISK_MAIL, reference: id, mode });
      await markAtRiskMailed(db, pk);
      return 1;
    });
  }
  return n;
}

/** A due instant as the tenant reads it: in the policy's time zone (UTC without business hours). */
export function dueText(dueAt: Date, timezone: string | null): string {
  return DateTime.fromJSDate(dueAt, { zone: timezone ?? 'UTC' }).toFormat("ccc d LLL yyyy, HH:mm ZZZZ");
}

/**
 * The at-risk email: to the member the alert names, at their current address, with the due time and a link
 * to the case. Not sent once the member was removed.
 */
export const slaAtRiskMail: MailKind = {
  kind: SLA_AT_RISK_MAIL,
  async render(svc, mail) {
    const db = forTenant(svc.db, mail.orgId);
    const alert = await findAtRiskAlert(db, mail.reference);
    if (!alert) return { unsendable: 'The SLA alert no longer exists.' };
    const member = await findMemberContact(db, alert.memberId);
    if (!member) return { unsendable: 'The case owner was removed before the email could be sent.' };
    const tenant = await getTenant(svc, mail.orgId);
    const policy = await findPolicy(db);
    const due = dueText(alert.dueAt, policy?.businessHours?.timezone ?? null);
    const message = renderBrandedEmail({
      branding: { name: tenant.name, brandColor: tenant.brandColor, logoUrl: tenant.logoUrl },
      subject: `Case ${alert.caseId} is at risk of breaching its SLA`,
      greeting: member.name ? `Hello ${member.name},` : 'Hello,',
      paragraphs: [
        `Case ${alert.caseId}, which you own, has used 80 % of its SLA target for the status ${alert.status.replace('_', ' ')}.`,
        `It is due by ${due}.`,
      ],
      action: { label: 'Open the case', url: `${svc.config.appUrl}/console/cases/${encodeURIComponent(alert.caseId)}` },
      footer: ['You receive this because you own the case in the compliance console. One email per case and status.'],
    });
    return { to: member.email, fromName: tenant.name, ...message };
  },
};
