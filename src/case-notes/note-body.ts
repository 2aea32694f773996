import MarkdownIt from 'markdown-it';
import { DomainError } from '../errors';
import { escapeHtml } from '../mail/index';
import type { MemberContact } from '../tenants/index';

/** The longest note body (characters, after trimming): a note is a working record, not a document store. */
export const NOTE_BODY_MAX = 10_000;

/**
 * A mention: `@` and a member's email, as the console's completion inserts it (`@nora@example.com`), not
 * preceded by a character of an address (so an email address alone mentions no one).
 */
const MENTION = /(^|[^A-Za-z0-9._%+@-])@([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** The trimmed body, or validation_failed on `body`: empty, or longer than NOTE_BODY_MAX. */
export function checkNoteBody(body: unknown): string {
  const text = typeof body === 'string' ? body.replace(/\r\n?/g, '\n').trim() : '';
  if (text === '') throw DomainError.validation([{ path: 'body', message: 'must not be empty' }]);
  if (text.length > NOTE_BODY_MAX) {
    throw DomainError.validation([{ path: 'body', message: `must be at most ${NOTE_BODY_MAX} characters long (it is ${text.length})` }]);
  }
  return text;
}

/** The lowercased emails a body mentions, in order of first mention. */
export function mentionedEmails(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION)].map((m) => m[2]!.toLowerCase()))];
}

/** The members a body mentions (by their email, case-insensitive); mentions of anyone else are plain text. */
export function mentionedMembers(body: string, members: readonly MemberContact[]): MemberContact[] {
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  return mentionedEmails(body).flatMap((email) => byEmail.get(email) ?? []);
}

// CommonMark with raw HTML off: a `<script>` or `<img onerror>` in a note is shown as text. Links are only
// those markdown-it validates (no javascript:, vbscript:, file: or data: URLs); images are off, so a note
// cannot make the console load a remote address; bare URLs are not turned into links.
const markdown = new MarkdownIt('commonmark', { html: false, linkify: false, breaks: true }).disable(['image']);
const defaultLink = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('rel', 'noopener noreferrer nofollow');
  tokens[idx]!.attrSet('target', '_blank');
  return defaultLink(tokens, idx, options, env, self);
};
markdown.renderer.rules.text = (tokens, idx, _options, env) => {
  const escaped = escapeHtml(tokens[idx]!.content);
  const members = (env as { members?: Map<string, MemberContact> } | undefined)?.members;
  if (!members) return escaped;
  // Emails hold no character that escaping changes, so mentions are found in the escaped text as typed.
  return escaped.replace(MENTION, (whole, lead: string, email: string) => {
    const m = members.get(email.toLowerCase());
    return m ? `${lead}<span class="mention" title="${escapeHtml(m.email)}">@${escapeHtml(m.name ?? m.email)}</span>` : whole;
  });
};

/** The body as safe HTML: markdown without raw HTML, mentions of members shown as their names. */
export function renderNoteBody(body: string, members: readonly MemberContact[]): string {
  return markdown.render(body, { members: new Map(members.map((m) => [m.email.toLowerCase(), m])) });
}

/** A plain-text excerpt of a body (for a notification): the markdown as written, its whitespace collapsed. */
export function noteExcerpt(body: string): string {
  return body.replace(/\s+/g, ' ').trim();
}
