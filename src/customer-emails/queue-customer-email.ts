import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import type { CaseEventType, EventFields } from '../events/catalogue';
import { queueMail } from '../mail/index';
import { findCaseMode } from '../cases/index';
import { sealSecret } from '../security/secret-box';
import { insertCustomerEmail, sealCustomerEmailAction } from './customer-emails.repository';

/** The customer email's kind in the mail outbox (src/outreach/customer-email.mail.ts); its reference is the customer_emails row's id. */
export const CUSTOMER_EMAIL_MAIL = 'customer_email';

/** Marks a field whose value becomes the send time (ISO 8601) when the events are recorded. */
export const SENT_AT = '$sentAt';

/** An event to record, on the email's case, once the email was handed to the mail system. */
export type CustomerEmailEvent = { [T in CaseEventType]: { type: T; fields: EventFields<T> } }[CaseEventType];

export interface CustomerEmailInput {
  orgId: string;
  casePk: number;
  /** What the email is, e.g. `identity_verification`, `edd_request`, `document_request`, `reminder`. */
  kind: string;
  recipientEmail: string;
  recipientName: string | null;
  subject: string;
  /** Plain body paragraphs, rendered in the tenant-branded layout (HTML and a plain-text part). */
  paragraphs: string[];
  /** What is asked for, rendered as a list. */
  items?: Array<{ key: string; label: string }>;
  /** The button and its plain link. The URL may carry a token: it is sealed at rest and erased once sent. */
  action?: { label: string; url: string; note?: string };
  /** Adds `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 2369, RFC 8058). */
  unsubscribeUrl?: string;
  /** Recorded in this order, in the transaction that marks the email sent (so only for an email really sent, once). */
  events: CustomerEmailEvent[];
}

export const actionAad = (orgId: string, emailId: number) => `customer-email:${orgId}:${emailId}`;

/**
 * Queues a customer-facing email in the caller's transaction: the row (what the email says, its sealed link
 * and its events) is written with the work that asks for it, with its email in the mail outbox, whose send
 * job is enqueued after commit (the mail sweep re-enqueues a lost one). Nothing is recorded until the mail
 * system accepts the message (src/outreach/customer-email.mail.ts).
 */
export async function queueCustomerEmail(tx: Tx, input: CustomerEmailInput): Promise<{ emailId: number }> {
  const svc = tx.services;
  const now = svc.clock.now();
  const body = { paragraphs: input.paragraphs, items: input.items ?? [], actionLabel: input.action?.label ?? null, actionNote: input.action?.note ?? null };
  const db = forTenant(tx.manager, input.orgId);
  const emailId = await insertCustomerEmail(db, {
    casePk: input.casePk, kind: input.kind, recipientEmail: input.recipientEmail, recipientName: input.recipientName, subject: input.subject.slice(0, 500),
    body, unsubscribeUrl: input.unsubscribeUrl ?? null, events: input.events, at: now,
  });
  if (input.action) {
    const sealed = sealSecret(svc.config.secretsKeys, input.action.url, actionAad(input.orgId, emailId));
    await sealCustomerEmailAction(db, emailId, sealed);
  }
  await queueMail(tx, { orgId: input.orgId, kind: CUSTOMER_EMAIL_MAIL, reference: emailId, mode: await findCaseMode(db, input.casePk) });
  return { emailId };
}
