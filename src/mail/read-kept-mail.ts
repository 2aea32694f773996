import { simpleParser } from 'mailparser';
import { authorize, principalMode, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';

/**
 * Mail kept in the local mail_outbox table when SMTP_URL is unset (development, demos): listed without
 * bodies, and one message decoded from its MIME source (quoted-printable and base64 undone) with its links,
 * so that an operator can follow a magic link or a set-password link without SMTP.
 */

export interface KeptMailSummary {
  id: number;
  to: string;
  subject: string;
  createdAt: string;
}

export interface KeptMail extends KeptMailSummary {
  from: string | null;
  /** The plain-text part, decoded (the HTML part's text when there is none). */
  text: string;
  /** Every http(s) link of the message, in order of appearance, once each. */
  links: string[];
}

/**
 * Whether mail is kept in the local outbox, so that the console offers its Mail page: SMTP_URL unset, or a caller
 * working test data (test mode keeps every email about a test case, SMTP or not).
 */
export function isMailKeptLocally(svc: Services, actor?: Actor): boolean {
  return !svc.config.smtpUrl || (actor !== undefined && principalMode(actor) === 'test');
}

/**
 * Kept mail holds magic links and set-password links: compliance_admin and above (and the operator). With
 * SMTP_URL set nothing is kept, and reading is refused (`conflict`, reason extra `mail_not_kept`).
 */
function mayReadKeptMail(svc: Services, actor: Actor): void {
  authorize(actor, 'mail:read_kept');
  if (!isMailKeptLocally(svc, actor)) {
    throw new DomainError('conflict', 'Mail is sent through SMTP (SMTP_URL is set), so none is kept here: look in the mail system instead.', { mail: 'not_kept' });
  }
}

/** The tenant's kept mail of the caller's mode (test mail in the console's test view), newest first, at most `limit` (1..200). */
export async function listKeptMail(svc: Services, actor: Actor, limit = 20): Promise<KeptMailSummary[]> {
  mayReadKeptMail(svc, actor);
  const orgId = actor.orgId;
  const rows: { id: number; to_address: string; subject: string; created_at: Date }[] = await svc.db.query(
    'SELECT id, to_address, subject, created_at FROM mail_outbox WHERE org_id = ? AND mode = ? ORDER BY id DESC LIMIT ?',
    [orgId, principalMode(actor), Math.min(Math.max(Math.floor(limit), 1), 200)],
  );
  return rows.map((r) => ({ id: Number(r.id), to: r.to_address, subject: r.subject, createdAt: new Date(r.created_at).toISOString() }));
}

/** One kept message of the tenant and the caller's mode, decoded; not_found for another tenant's or mode's, or a missing id. */
export async function showKeptMail(svc: Services, actor: Actor, id: number): Promise<KeptMail> {
  mayReadKeptMail(svc, actor);
  const orgId = actor.orgId;
  const [row]: { id: number; to_address: string; subject: string; raw: string; created_at: Date }[] = await svc.db.query(
    'SELECT id, to_address, subject, raw, created_at FROM mail_outbox WHERE org_id = ? AND id = ? AND mode = ?', [orgId, id, principalMode(actor)],
  );
  if (!row) throw DomainError.notFound('Mail');
  const parsed = await simpleParser(row.raw);
  const text = (parsed.text ?? (typeof parsed.html === 'string' ? htmlText(parsed.html) : '')).trim();
  const hrefs = typeof parsed.html === 'string' ? [...parsed.html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => decodeEntities(m[1]!)) : [];
  const inText = [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]);
  return {
    id: Number(row.id), to: row.to_address, subject: row.subject, createdAt: new Date(row.created_at).toISOString(),
    from: parsed.from?.text ?? null, text, links: [...new Set([...inText, ...hrefs])],
  };
}

const decodeEntities = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const htmlText = (html: string) => decodeEntities(html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' ').replace(/[ \t]+/g, ' '));
