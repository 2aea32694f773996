import type { Tx } from '../db/transaction';
import type { EventType } from '../events/catalogue';
import { recordEvent } from '../events/record-event';
import { renderBrandedEmail, type MailKind } from '../mail/index';
import { openSecret } from '../security/secret-box';
import { actionAad, CUSTOMER_EMAIL_MAIL, SENT_AT } from './queue-customer-email';

interface EmailRow {
  org_id: string;
  case_pk: number;
  recipient_email: string;
  recipient_name: string | null;
  subject: string;
  body: string | { paragraphs: string[]; items: { key: string; label: string }[]; actionLabel: string | null; actionNote: string | null };
  action_sealed: string | null;
  action_key_id: string | null;
  unsubscribe_url: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
}

const json = <T>(v: string | T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const eraseAction = (tx: Tx, orgId: string, emailId: number) =>
  tx.manager.query('UPDATE customer_emails SET action_sealed = NULL, action_key_id = NULL WHERE org_id = ? AND id = ?', [orgId, emailId]);

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
    const [row]: EmailRow[] = await svc.db.query(
      `SELECT e.org_id, e.case_pk, e.recipient_email, e.recipient_name, e.subject, e.body, e.action_sealed, e.action_key_id,
        e.unsubscribe_url, t.name AS tenant_name, t.brand_color, t.logo_url
       FROM customer_emails e JOIN tenants t ON t.id = e.org_id WHERE e.org_id = ? AND e.id = ?`,
      [mail.orgId, mail.reference],
    );
    if (!row || !row.recipient_email) return { unsendable: "Cancelled: the case's personal data was purged." };
    const body = json(row.body);
    const url = row.action_sealed && row.action_key_id
      ? openSecret(svc.config.secretsKeys, { keyId: row.action_key_id, ciphertext: row.action_sealed }, actionAad(row.org_id, mail.reference))
      : null;
    const message = renderBrandedEmail({
      branding: { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url },
      subject: row.subject,
      greeting: row.recipient_name ? `Hello ${row.recipient_name},` : 'Hello,',
      paragraphs: body.paragraphs,
      items: body.items.map((i) => i.label),
      ...(url && body.actionLabel ? { action: { label: body.actionLabel, url, ...(body.actionNote ? { note: body.actionNote } : {}) } } : {}),
      footer: [
        ...(row.unsubscribe_url ? ['You receive reminders while items are outstanding. To stop them, use the unsubscribe link of your mail program.'] : []),
        'If you did not expect this email, please contact us before acting on it.',
      ],
    });
    const headers = row.unsubscribe_url
      ? { 'List-Unsubscribe': `<${row.unsubscribe_url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined;
    return { to: row.recipient_email, fromName: row.tenant_name, ...message, ...(headers ? { headers } : {}) };
  },
  async onAccepted(tx, mail, accepted) {
    await eraseAction(tx, mail.orgId, mail.reference);
    const [row]: { case_pk: number | string; events: string | { type: EventType; fields: Record<string, unknown> }[] }[] = await tx.manager.query(
      'SELECT case_pk, events FROM customer_emails WHERE org_id = ? AND id = ?', [mail.orgId, mail.reference],
    );
    if (!row) return;
    const iso = accepted.at.toISOString();
    for (const event of json(row.events)) {
      const fields = Object.fromEntries(Object.entries(event.fields).map(([k, v]) => [k, v === SENT_AT ? iso : v]));
      await recordEvent(tx, { orgId: mail.orgId, type: event.type, case: { pk: Number(row.case_pk) }, fields } as never);
    }
  },
  async onFailed(tx, mail) {
    await eraseAction(tx, mail.orgId, mail.reference);
  },
};
