import { type TenantDb } from '../db/index';
import { cancelMail } from '../mail/index';
import { CUSTOMER_EMAIL_MAIL } from './queue-customer-email';

/**
 * Zero retention: a case's customer emails lose their addresses, names, subjects, bodies, sealed action
 * links and delivery events; one still unsent is cancelled in the mail outbox. In the caller's transaction.
 */
export async function purgeCaseCustomerEmails(db: TenantDb, casePk: number): Promise<void> {
  const orgId = db.orgId;
  await db.query(
    `UPDATE customer_emails SET recipient_email = '', recipient_name = NULL, subject = '',
       body = JSON_OBJECT('paragraphs', JSON_ARRAY(), 'items', JSON_ARRAY(), 'actionLabel', NULL, 'actionNote', NULL),
       action_sealed = NULL, action_key_id = NULL, unsubscribe_url = NULL, events = JSON_ARRAY()
     WHERE org_id = ? AND case_pk = ?`,
    [orgId, casePk],
  );
  const emails: { id: number | string }[] = await db.query('SELECT id FROM customer_emails WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  await cancelMail(db, CUSTOMER_EMAIL_MAIL, emails.map((e) => Number(e.id)), "Cancelled: the case's personal data was purged.");
}
