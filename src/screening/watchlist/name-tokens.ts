import { doubleMetaphone } from 'double-metaphone';
import { transliterate } from 'transliteration';

/**
 * A name as the matcher compares it: any script transliterated to Latin (`transliteration`: Cyrillic,
 * Greek, Arabic, CJK ...), diacritics folded, lower case, split into tokens, legal forms and honorifics
 * dropped. Each token carries its Double Metaphone code (`double-metaphone`), which makes transliteration
 * variants (Aleksandr / Alexander, Mohammed / Muhammad, Orlovsky / Orlovskiy) agree, and a weight (its
 * length, less for particles and generic company words) so that a matched surname counts more than a
 * matched "al" or "trading".
 */
export interface NameToken {
  text: string;
  /** The spelling with transliteration variants folded (skeletonOf). */
  skeleton: string;
  /** Double Metaphone primary code of the skeleton ('' for an initial or a number). */
  phonetic: string;
  weight: number;
}

export interface NameTokens {
  tokens: NameToken[];
  /** The tokens joined without spaces (compares "Qiao Lun" with "Qiaolun"). */
  joined: string;
  /** Sum of the tokens' weights. */
  weight: number;
}

// Legal forms (Latin and as transliterated: ООО -> ooo, شركة -> shrk, Α.Ε. -> ae), dropped from company names.
const LEGAL_FORMS = new Set([
  'ltd', 'limited', 'llc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc', 'gmbh', 'ag', 'sa', 'ca', 'ae', 'nv', 'bv',
  'srl', 'spa', 'sarl', 'sas', 'kg', 'ohg', 'llp', 'lp', 'lc', 'pte', 'pty', 'sdn', 'bhd', 'oy', 'ab', 'as', 'aps', 'fze', 'fzco', 'fzc', 'fzllc',
  'ooo', 'oao', 'zao', 'pao', 'ao', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'tov', 'dmcc', 'kft', 'sro', 'doo', 'shrk', 'sharikat',
]);
const GENERIC_COMPANY_WORDS = new Set([
  'the', 'and', 'of', 'for', 'holding', 'holdings', 'group', 'international', 'trading', 'trade', 'services', 'partners', 'capital',
  'enterprises', 'industries', 'investments', 'management', 'global', 'general', 'import', 'export',
]);
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'dame', 'sheikh', 'hon', 'gen', 'col']);
const PARTICLES = new Set(['al', 'el', 'bin', 'bint', 'ibn', 'abu', 'ben', 'van', 'von', 'der', 'den', 'de', 'la', 'le', 'del', 'da', 'di', 'du', 'dos', 'y']);

// 有限公司 ("limited company") as transliterated, character by character.
const CJK_LIMITED = ['you', 'xian', 'gong', 'si'];

/** Lower-case ASCII words of any-script text. */
export function asciiWords(text: string): string[] {
  // Plain ASCII needs no transliteration (the common case, and the costly step when loading a large list).
  return (/^[\x20-\x7e]*$/.test(text) ? text : transliterate(text))
    .toLowerCase()
    .replace(/['’`ʼ]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Runs of single letters ("s a" from "S.A.", "j p" from "J.P.") joined into one word. */
function joinInitialRuns(words: string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const w of words) {
    if (w.length === 1) {
      run += w;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(w);
  }
  if (run) out.push(run);
  return out;
}

// Spellings that differ between romanisation systems (Cyrillic, Arabic, Greek into English, French, German ...):
// Dzhon / John, Zhelezny / Jelezny, Khalid / Halid, Smitherton / Smiterton, Tsvetkov / Cvetkov, Aleksei / Alexei,
// Yuriy / Iurii, Orlovskiy / Orlovsky. Applied to both sides before comparing, in this order.
const SKELETON_RULES: [RegExp, string][] = [
  [/shch/g, 'sc'], [/dzh/g, 'j'], [/zh/g, 'j'], [/kh/g, 'h'], [/th/g, 't'], [/ph/g, 'f'], [/(ts|tz|cz)/g, 'c'], [/c?ks/g, 'x'],
  [/ck/g, 'k'], [/q/g, 'k'], [/w/g, 'v'], [/y/g, 'i'], [/ou/g, 'u'], [/(.)\1+/g, '$1'],
];

/** A token with romanisation variants folded (both sides of a comparison get the same treatment). */
export function skeletonOf(text: string): string {
  let s = text;
  for (const [re, to] of SKELETON_RULES) s = s.replace(re, to);
  return s;
}

// Words repeat across a list (given names, legal words): their skeleton and code are computed once.
const WORD_CACHE_MAX = 200_000;
const wordCache = new Map<string, { skeleton: string; phonetic: string }>();

function token(text: string, weightFactor: number): NameToken {
  let w = wordCache.get(text);
  if (!w) {
    const skeleton = skeletonOf(text);
    w = { skeleton, phonetic: text.length > 1 && !/^\d+$/.test(text) ? doubleMetaphone(skeleton)[0] : '' };
    if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
    wordCache.set(text, w);
  }
  return { text, skeleton: w.skeleton, phonetic: w.phonetic, weight: text.length * weightFactor };
}

/** The tokens of a person's or a company's name. */
export function nameTokens(name: string, schema: 'Person' | 'Company'): NameTokens {
  let words = asciiWords(name);
  let tokens: NameToken[];
  if (schema === 'Company') {
    words = joinInitialRuns(words);
    const at = words.findIndex((_, i) => CJK_LIMITED.every((w, j) => words[i + j] === w));
    if (at >= 0) words.splice(at, CJK_LIMITED.length);
    const kept = words.filter((w) => !LEGAL_FORMS.has(w));
    // A name that is nothing but legal forms keeps them (better than no name).
    tokens = (kept.length ? kept : words).map((w) => token(w, GENERIC_COMPANY_WORDS.has(w) ? 0.3 : 1));
  } else {
    const kept = words.filter((w) => !HONORIFICS.has(w));
    tokens = (kept.length ? kept : words).map((w) => token(w, PARTICLES.has(w) ? 0.4 : 1));
  }
  return { tokens, joined: tokens.map((t) => t.text).join(''), weight: tokens.reduce((s, t) => s + t.weight, 0) };
}
