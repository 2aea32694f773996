// The test SMTP server, and the mailer and services that send to it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createLogger, type Logger, type Services } from '../../src/platform/index';
import { createNodemailerMailer } from '../../worker/mail/nodemailer-mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A started test SMTP server. */
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** A real SMTP server on 127.0.0.1 that records every message (and can refuse recipients). */
export async function startSmtp(): Promise<{ url: string; received: Received[]; refuseNext: number; close(): Promise<void> }> {
  const state = { received: [] as Received[], refuseNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (state.refuseNext > 0) {
        state.refuseNext--;
        cb(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Undoes quoted-printable soft breaks and escapes (enough to read links and text out of a message). */
export const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The service's mailer (nodemailer) sending to the test SMTP server from `from`; never keeps mail locally. */
export function smtpMailer(smtp: { url: string }, from: string, log: Logger = createLogger('silent')) {
  return createNodemailerMailer({ smtpUrl: smtp.url, from, log, keepLocally: () => Promise.reject(new Error('unused')) });
}

/** `svc` with its mail sent to the test SMTP server from `from`. */
export function mailingTo(svc: Services, smtp: { url: string }, from: string, log?: Logger): Services {
  return { ...svc, mailer: smtpMailer(smtp, from, log) };
}
