import { inTransaction } from '../db/transaction';
import type { EventType } from '../events/catalogue';
import { recordEvent } from '../events/record-event';
import { renderBrandedEmail, type Branding } from '../mail/branded-email';
import { planMailRetry } from '../mail/mail-retry';
import { openSecret } from '../security/secret-box';
import type { Services } from '../services';
import { actionAad, SEND_CUSTOMER_EMAIL_TASK, SENT_AT } from './queue-customer-email';

const LEASE_MS = 60_000;
/** An email due this long ago whose job has not run is presumed lost and re-enqueued by the sweep. */
const SWEEP_GRACE_MS = 30_000;

interface EmailRow {
  id: number;
  org_id: string;
  case_pk: number;
  recipient_email: string;
  recipient_name: string | null;
  subject: string;
  body: string | { paragraphs: string[]; items: { key: string; label: string }[]; actionLabel: string | null; actionNote: string | null };
  action_sealed: string | null;
  action_key_id: string | null;
  unsubscribe_url: string | null;
  events: string | { type: EventType; fields: Record<string, unknown> }[];
  attempts: number;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
}

const json = <T>(v: string | T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * Sends one queued customer email (the send-customer-email job). Idempotent: a sent, failed or leased
 * email is left alone. Once the mail system accepts it, the row is marked sent, its sealed link erased,
 * and its events recorded (with `$sentAt` replaced by the send time), all in one transaction. On failure
 * the attempt is kept on the row and the next one scheduled from MAIL_RETRY_SCHEDULE; after the last,
 * the email is failed and nothing is recorded.
 */
export async function deliverCustomerEmail(svc: Services, emailId: number): Promise<'sent' | 'retry' | 'failed' | 'skipped'> {
  const now = svc.clock.now();
  const leased = await svc.db.query(
    `UPDATE customer_emails SET lease_until = ? WHERE id = ? AND state = 'pending' AND (lease_until IS NULL OR lease_until < ?)`,
    [new Date(now.getTime() + LEASE_MS), emailId, now],
  );
  if (Number((leased as { affectedRows: number }).affectedRows) !== 1) return 'skipped';
  const [row]: EmailRow[] = await svc.db.query(
    `SELECT e.id, e.org_id, e.case_pk, e.recipient_email, e.recipient_name, e.subject, e.body, e.action_sealed, e.action_key_id,
      e.unsubscribe_url, e.events, e.attempts, t.name AS tenant_name, t.brand_color, t.logo_url
     FROM customer_emails e JOIN tenants t ON t.id = e.org_id WHERE e.id = ?`,
    [emailId],
  );
  if (!row) return 'skipped';
  const body = json(row.body);
  const branding: Branding = { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url };
  const url = row.action_sealed && row.action_key_id
    ? openSecret(svc.config.secretsKeys, { keyId: row.action_key_id, ciphertext: row.action_sealed }, actionAad(row.org_id, Number(row.id)))
    : null;
  const mail = renderBrandedEmail({
    branding,
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
  try {
    const receipt = await svc.mailer.send({ orgId: row.org_id, to: row.recipient_email, fromName: row.tenant_name, ...mail, ...(headers ? { headers } : {}) });
    await inTransaction(svc, async (tx) => {
      const sentAt = svc.clock.now();
      const marked = await tx.manager.query(
        `UPDATE customer_emails SET state = 'sent', attempts = attempts + 1, sent_at = ?, message_id = ?, transport = ?, last_error = NULL,
         action_sealed = NULL, action_key_id = NULL, lease_until = NULL, next_attempt_at = NULL WHERE id = ? AND state = 'pending'`,
        [sentAt, receipt.messageId.slice(0, 255), receipt.transport, emailId],
      );
      if (Number((marked as { affectedRows: number }).affectedRows) !== 1) return;
      const iso = sentAt.toISOString();
      for (const event of json(row.events)) {
        const fields = Object.fromEntries(Object.entries(event.fields).map(([k, v]) => [k, v === SENT_AT ? iso : v]));
        await recordEvent(tx, { orgId: row.org_id, type: event.type, case: { pk: Number(row.case_pk) }, fields } as never);
      }
    });
    svc.log.info({ orgId: row.org_id, emailId, transport: receipt.transport }, 'customer email accepted');
    return 'sent';
  } catch (err) {
    const { attempts, message, final, nextAt: next } = planMailRetry(svc, Number(row.attempts), err);
    await inTransaction(svc, async (tx) => {
      await tx.manager.query(
        `UPDATE customer_emails SET attempts = ?, last_error = ?, state = ?, next_attempt_at = ?, lease_until = NULL,
         action_sealed = IF(? = 'failed', NULL, action_sealed), action_key_id = IF(? = 'failed', NULL, action_key_id) WHERE id = ?`,
        [attempts, message, final ? 'failed' : 'pending', next, final ? 'failed' : 'pending', final ? 'failed' : 'pending', emailId],
      );
      if (next) tx.afterCommit(() => svc.jobs.enqueue(SEND_CUSTOMER_EMAIL_TASK, { emailId }, { jobKey: `${SEND_CUSTOMER_EMAIL_TASK}:${emailId}`, runAt: next }));
    });
    svc.log.warn({ orgId: row.org_id, emailId, attempts, final, error: message }, 'customer email not accepted');
    return final ? 'failed' : 'retry';
  }
}

/** Re-enqueues pending customer emails whose job was lost (crash between commit and enqueue). Periodic. */
export async function sweepCustomerEmails(svc: Services): Promise<number> {
  const now = svc.clock.now();
  const rows: { id: number }[] = await svc.db.query(
    `SELECT id FROM customer_emails WHERE state = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_attempt_at LIMIT 100`,
    [new Date(now.getTime() - SWEEP_GRACE_MS), now],
  );
  for (const { id } of rows) await svc.jobs.enqueue(SEND_CUSTOMER_EMAIL_TASK, { emailId: Number(id) }, { jobKey: `${SEND_CUSTOMER_EMAIL_TASK}:${id}` });
  return rows.length;
}
