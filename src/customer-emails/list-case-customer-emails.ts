import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { DomainError } from '../errors';
import { mailStatuses } from '../mail/index';
import type { Services } from '../services';
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
  const db = forTenant(svc.db, actor.orgId);
  authorize(actor, 'cases:read');
  const pk = await findCasePk(db, caseId);
  if (pk === null) throw DomainError.notFound('Case');
  const rows: {
    id: number | string; kind: string; recipient_email: string; subject: string; body: string | { items: { key: string; label: string }[] }; created_at: Date;
  }[] = await svc.db.query(
    `SELECT id, kind, recipient_email, subject, body, created_at FROM customer_emails WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 200`,
    [actor.orgId, pk],
  );
  // How each stands: its email in the mail outbox.
  const sending = await mailStatuses(db, CUSTOMER_EMAIL_MAIL, rows.map((r) => Number(r.id)));
  return rows.map((r) => {
    const mail = sending.get(Number(r.id));
    return {
      id: Number(r.id),
      kind: r.kind,
      recipientEmail: r.recipient_email,
      subject: r.subject,
      items: (typeof r.body === 'string' ? (JSON.parse(r.body) as { items: { key: string; label: string }[] }) : r.body).items,
      state: mail?.state ?? 'pending',
      attempts: mail?.attempts ?? 0,
      lastError: mail?.lastError ?? null,
      sentAt: mail?.acceptedAt ? mail.acceptedAt.toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}
