import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage, MailReceipt } from '../../src/mail/index';
import type { Logger } from '../../src/platform/index';

export interface NodemailerMailerOptions {
  /** SMTP_URL; null keeps every message in the local mail outbox through `keepLocally`. */
  smtpUrl: string | null;
  /** MAIL_FROM address; the display name is the message's `fromName` (the tenant). */
  from: string;
  log: Logger;
  /** Stores a rendered message locally (the domain's keepMailLocally). */
  keepLocally(mail: { orgId: string; to: string; subject: string; messageId: string; raw: string; mode?: 'live' | 'test' }): Promise<void>;
}

/**
 * The Mailer port on nodemailer. With SMTP_URL: SMTP, resolved when the server accepted the message
 * (a rejection of the recipient is a failure, retried by the caller's schedule). Without, and for a message
 * to keep (test mode, whatever SMTP_URL says): nodemailer renders the very same MIME message and it is kept in the
 * local mail outbox table.
 */
export function createNodemailerMailer(options: NodemailerMailerOptions): Mailer & { close(): void } {
  const keeper: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', disableFileAccess: true, disableUrlAccess: true });
  const smtp: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, { disableFileAccess: true, disableUrlAccess: true }) : null;
  return {
    async send(message: MailMessage): Promise<MailReceipt> {
      const transport = smtp && !message.keep ? smtp : keeper;
      const info = await transport.sendMail({
        from: { name: message.fromName, address: options.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // Prepared: sent as they are, never folded (a folded List-Unsubscribe URL would break in the middle).
        ...(message.headers ? { headers: Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, { prepared: true, value: v }])) } : {}),
      });
      if (transport === smtp) {
        const rejected = (info.rejected ?? []) as unknown[];
        if (rejected.length) throw new Error(`The mail server rejected the recipient (${String(info.response ?? '').slice(0, 200)})`);
        return { messageId: String(info.messageId), transport: 'smtp' };
      }
      const raw = (info as unknown as { message: Buffer }).message.toString('utf8');
      await options.keepLocally({
        orgId: message.orgId, to: message.to, subject: message.subject, messageId: String(info.messageId), raw, mode: message.keep ? 'test' : 'live',
      });
      return { messageId: String(info.messageId), transport: 'outbox' };
    },
    close() {
      keeper.close();
      smtp?.close();
    },
  };
}
