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

/** A character that may not stand before a mention's `@` (one of an email address). */
const BEFORE_MENTION = /[A-Za-z0-9._%+@-]/;
/** A character that may not follow a mentioned name (the name would go on). */
const NAME_GOES_ON = /[\p{L}\p{N}_]/u;
/** A name as mentions compare it: whitespace collapsed, lower case. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The body with every mention by name (`@` and a current member's full name, any letter case, e.g.
 * `@Nora Smith`) written as the mention by email (`@nora@acme.example`): what a note stores, so that a stored
 * mention names one member for good (a name may change, or come to be shared; an email is unique). At each `@`
 * not already a mention by email, the longest member name that follows (and ends there: no letter or digit
 * after it) is taken; a name two current members share is validation_failed on `body`, saying to mention them
 * by email. Anything else after `@` stays plain text.
 */
export function resolveMentionsByName(body: string, members: readonly MemberContact[]): string {
  const byName = new Map<string, MemberContact[]>();
  for (const m of members) {
    if (!m.name?.trim()) continue;
    const key = nameKey(m.name);
    byName.set(key, [...(byName.get(key) ?? []), m]);
  }
  if (byName.size === 0) return body;
  // Longest first: `@Nora Smith` is Nora Smith even when another member is called Nora.
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map((key) => ({
    key, pattern: new RegExp(key.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[ \\t]+'), 'iuy'),
  }));
  let out = '';
  let i = 0;
  for (let at = body.indexOf('@'); at >= 0; at = body.indexOf('@', at + 1)) {
    if (at < i || (at > 0 && BEFORE_MENTION.test(body[at - 1]!)) || EMAIL_AFTER_AT.test(body.slice(at + 1, at + 256))) continue;
    let found: { key: string; length: number } | null = null;
    for (const n of names) {
      n.pattern.lastIndex = at + 1;
      const m = n.pattern.exec(body);
      if (m && !NAME_GOES_ON.test(body.charAt(at + 1 + m[0].length))) {
        found = { key: n.key, length: m[0].length };
        break;
      }
    }
    if (!found) continue;
    const matched = byName.get(found.key)!;
    if (matched.length > 1) {
      throw DomainError.validation([{
        path: 'body', message: `@${body.slice(at + 1, at + 1 + found.length)} names ${matched.length} members; mention the one you mean by email (@ and their email)`,
      }]);
    }
    out += `${body.slice(i, at)}@${matched[0]!.email}`;
    i = at + 1 + found.length;
  }
  return out + body.slice(i);
}

/** An email address right after an `@` (a mention by email, which wins over a name). */
const EMAIL_AFTER_AT = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/;

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
