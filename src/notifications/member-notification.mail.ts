import { forTenant } from '../db/index';
import { renderBrandedEmail, type MailKind } from '../mail/index';
import { findMemberContact, getTenant } from '../tenants/index';
import { MEMBER_NOTIFICATION_MAIL } from './notify-members';
import { findNotification } from './notifications.repository';

/**
 * A member's notification as an email (a note mentions them): rendered at each attempt from the notifications
 * row, to the member's current address, with a link to the case in the console. Not sent to a member removed
 * meanwhile, nor once they have read the notification in the console (the email has nothing left to tell).
 */
export const memberNotificationMail: MailKind = {
  kind: MEMBER_NOTIFICATION_MAIL,
  async render(svc, mail) {
    const db = forTenant(svc.db, mail.orgId);
    const n = await findNotification(db, mail.reference);
    if (!n) return { unsendable: 'The notification no longer exists.' };
    if (n.readAt) return { unsendable: 'The member read the notification in the console before it could be emailed.' };
    const member = await findMemberContact(db, n.memberId);
    if (!member) return { unsendable: 'The member was removed before the notification could be sent.' };
    const tenant = await getTenant(svc, mail.orgId);
    const where = n.caseId ? `case ${n.caseId}` : 'a case';
    const message = renderBrandedEmail({
      branding: { name: tenant.name, brandColor: tenant.brandColor, logoUrl: tenant.logoUrl },
      subject: `${n.actorName} mentioned you on ${where}`,
      greeting: member.name ? `Hello ${member.name},` : 'Hello,',
      paragraphs: [`${n.actorName} mentioned you in a note on ${where}:`, n.excerpt],
      ...(n.caseId ? { action: { label: 'Open the case', url: `${svc.config.appUrl}/console/cases/${encodeURIComponent(n.caseId)}` } } : {}),
      footer: ['You receive this because a colleague mentioned you in the compliance console. The notification is in the console too.'],
    });
    return { to: member.email, fromName: tenant.name, ...message };
  },
};
