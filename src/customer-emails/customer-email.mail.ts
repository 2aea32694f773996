import { forTenant } from '../db/index';
import { recordEvent } from '../events/record-event';
import { renderBrandedEmail, type MailKind } from '../mail/index';
import { openSecret } from '../security/secret-box';
import { eraseCustomerEmailAction, findCustomerEmailEvents, findOutgoingCustomerEmail } from './customer-emails.repository';
import { actionAad, CUSTOMER_EMAIL_MAIL, SENT_AT } from './queue-customer-email';

/**
 * A customer email (identity-verification link, EDD or document request, reminder) in the mail outbox:
 * rendered in the tenant-branded layout from its customer_emails row, the action link opened from its
 * sealed copy. Once the mail system accepts it, the sealed link is erased and its events are recorded (with
 * `$sentAt` replaced by the time it was accepted), in the transaction that marks it sent. Given up: the
 * sealed link is erased and nothing is recorded. One whose case's personal data was purged is not sent.
 */
export const customerEmailMail: MailKind = {
  kind: CUSTOMER_EMAIL_MAIL,
  async render(svc, mail) {
    const row = await findOutgoingCustomerEmail(forTenant(svc.db, mail.orgId), mail.reference);
    if (!row || !row.recipientEmail) return { unsendable: "Cancelled: the case's personal data was purged." };
    const body = row.body;
    const url = row.actionSealed && row.actionKeyId
      ? openSecret(svc.config.secretsKeys, { keyId: row.actionKeyId, ciphertext: row.actionSealed }, actionAad(row.orgId, mail.reference))
      : null;
    const message = renderBrandedEmail({
      branding: { name: row.tenantName, brandColor: row.brandColor, logoUrl: row.logoUrl },
      subject: row.subject,
      greeting: row.recipientName ? `Hello ${row.recipientName},` : 'Hello,',
      paragraphs: body.paragraphs,
      items: body.items.map((i) => i.label),
      ...(url && body.actionLabel ? { action: { label: body.actionLabel, url, ...(body.actionNote ? { note: body.actionNote } : {}) } } : {}),
      footer: [
        ...(row.unsubscribeUrl ? ['You receive reminders while items are outstanding. To stop them, use the unsubscribe link of your mail program.'] : []),
        'If you did not expect this email, please contact us before acting on it.',
      ],
    });
    const headers = row.unsubscribeUrl
      ? { 'List-Unsubscribe': `<${row.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined;
    return { to: row.recipientEmail, fromName: row.tenantName, ...message, ...(headers ? { headers } : {}) };
  },
  async onAccepted(tx, mail, accepted) {
    const db = forTenant(tx.manager, mail.orgId);
    await eraseCustomerEmailAction(db, mail.reference);
    const row = await findCustomerEmailEvents(db, mail.reference);
    if (!row) return;
    const iso = accepted.at.toISOString();
    for (const event of row.events) {
      const fields = Object.fromEntries(Object.entries(event.fields).map(([k, v]) => [k, v === SENT_AT ? iso : v]));
      await recordEvent(tx, { orgId: mail.orgId, type: event.type, case: { pk: row.casePk }, fields } as never);
    }
  },
  async onFailed(tx, mail) {
    await eraseCustomerEmailAction(forTenant(tx.manager, mail.orgId), mail.reference);
  },
};
