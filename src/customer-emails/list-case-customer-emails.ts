import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { DomainError } from '../errors';
import { mailStatuses } from '../mail/index';
import type { Services } from '../services';
import { listCaseCustomerEmailRecords } from './customer-emails.repository';
import { CUSTOMER_EMAIL_MAIL } from './queue-customer-email';

/** A customer email of a case as the console lists it (never its link or body). */
export interface CustomerEmailView {
  id: number;
  kind: string;
  recipientEmail: string;
  subject: string;
  items: Array<{ key: string; label: string }>;
  /** Its email's in the mail outbox: `pending` (queued or retrying), `sent`, or `failed` (MAIL_RETRY_SCHEDULE used up, or cancelled by a purge). */
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** The customer emails of a case (identity-verification links, EDD requests, outreach, reminders), newest first, at most 200. */
export async function listCaseCustomerEmails(svc: Services, actor: Actor, caseId: string): Promise<CustomerEmailView[]> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'cases:read');
  const pk = await findCasePk(db, caseId);
  if (pk === null) throw DomainError.notFound('Case');
  const rows = await listCaseCustomerEmailRecords(db, pk, 200);
  // How each stands: its email in the mail outbox.
  const sending = await mailStatuses(db, CUSTOMER_EMAIL_MAIL, rows.map((r) => r.id));
  return rows.map((r) => {
    const mail = sending.get(r.id);
    return {
      id: r.id,
      kind: r.kind,
      recipientEmail: r.recipientEmail,
      subject: r.subject,
      items: r.items,
      state: mail?.state ?? 'pending',
      attempts: mail?.attempts ?? 0,
      lastError: mail?.lastError ?? null,
      sentAt: mail?.acceptedAt ? mail.acceptedAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
