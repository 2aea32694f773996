/**
 * The Mailer port: hands one message to the mail system. Implemented in worker/ with nodemailer
 * (SMTP when SMTP_URL is set, otherwise the local mail outbox). Resolves once the message was
 * accepted for delivery; rejects when it was not (the caller retries on its own schedule).
 */
export interface MailMessage {
  /** The tenant the mail is sent for (the local outbox keeps mail per tenant). */
  orgId: string;
  to: string;
  /** Display name of the sender (the tenant's name); the address is MAIL_FROM. */
  fromName: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Test mode: never sent, kept in the local mail outbox (marked test) even when SMTP_URL is set. */
  keep?: boolean;
}

export interface MailReceipt {
  messageId: string;
  /** `smtp` or `outbox`. */
  transport: 'smtp' | 'outbox';
}

export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
}

/** A Mailer that refuses to send: the default for processes that never send mail (API-only, CLI). */
export const noMailer: Mailer = {
  send: () => Promise.reject(new Error('No mailer is configured in this process.')),
};

declare module '../services' {
  interface Services {
    /** Outgoing mail: nodemailer over SMTP, or the local mail_outbox table when SMTP_URL is unset. */
    mailer: Mailer;
  }
}
