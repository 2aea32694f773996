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
  /** The skeleton folded further (Greek mp/nt/gk, vowels as one): a looser comparison, counted a little less. */
  fold: string;
  /** The Chinese syllables in a romanisation-neutral form (pinyin and Wade-Giles agree), '' when not Chinese-like. */
  cjk: string;
  weight: number;
  /** A particle (al, bin, van ...) or a generic company word: weighs less, never decides a name alone. */
  minor: boolean;
}

export interface NameTokens {
  tokens: NameToken[];
  /** The tokens joined without spaces (compares "Qiao Lun" with "Qiaolun"). */
  joined: string;
  /** Sum of the tokens' weights. */
  weight: number;
  /** The name was written in another script (transliterated to Latin). */
  transliterated: boolean;
}

// Legal forms (Latin and as transliterated: ООО -> ooo, شركة -> shrk, Α.Ε. -> ae), dropped from company names.
const LEGAL_FORMS = new Set([
  'ltd', 'limited', 'llc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc', 'gmbh', 'ag', 'sa', 'ca', 'ae', 'nv', 'bv',
  'srl', 'spa', 'sarl', 'sas', 'kg', 'ohg', 'llp', 'lp', 'lc', 'pte', 'pty', 'sdn', 'bhd', 'oy', 'ab', 'as', 'aps', 'fze', 'fzco', 'fzc', 'fzllc',
  'ooo', 'oao', 'zao', 'pao', 'ao', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'tov', 'dmcc', 'kft', 'sro', 'doo', 'shrk', 'sharikat',
  'aktiengesellschaft', 'mbh', 'gesmbh', 'sp', 'zoo', 'fz', 'sarl', 'sprl', 'bvba', 'eood', 'ood', 'ad', 'dd', 'ltda', 'cv', 'sab', 'kk', 'ltee', 'gk',
]);
// Legal forms of several words (as asciiWords leaves them), dropped wherever they stand.
const LEGAL_PHRASES = [
  'public joint stock company', 'closed joint stock company', 'open joint stock company', 'joint stock company', 'limited liability company',
  'public limited company', 'private limited company', 'private limited', 'company limited', 'limited company', 'limited partnership',
  'gesellschaft mit beschrankter haftung', 'ges m b h', 'societe a responsabilite limitee', 'societe anonyme', 'sociedad anonima', 'sociedade anonima',
  'societa per azioni', 'societa a responsabilita limitata', 'sociedad de responsabilidad limitada', 'besloten vennootschap', 'naamloze vennootschap',
  'spolka z ograniczona odpowiedzialnoscia', 'spolka akcyjna', 'obshchestvo s ogranichennoy otvetstvennostyu', 'obshchestvo s ogranichennoi otvetstvennostiu',
  'publichnoye aktsionernoye obshchestvo', 'aktsionernoye obshchestvo', 'aktsionernoe obshchestvo', 'free zone establishment', 'free zone company',
  'fz llc', 'co ltd', 'pte ltd', 'sdn bhd', 'pty ltd', 's a', 's l',
].map((p) => p.split(' '));
// Abbreviated words of company names and the word they stand for (both sides are written out before comparing).
const COMPANY_ABBREVIATIONS: Record<string, string> = {
  intl: 'international', int: 'international', mfg: 'manufacturing', bros: 'brothers', tech: 'technologies', technology: 'technologies',
  hldgs: 'holdings', hldg: 'holding', svcs: 'services', svc: 'services', service: 'services', eng: 'engineering', engg: 'engineering',
  dev: 'development', assn: 'association', assoc: 'association', ind: 'industries', inds: 'industries', industry: 'industries', trdg: 'trading',
  natl: 'national', mgmt: 'management', grp: 'group', invest: 'investments', investment: 'investments', ent: 'enterprises', enterprise: 'enterprises',
  dept: 'department', univ: 'university', mktg: 'marketing', petro: 'petroleum', chem: 'chemicals', chemical: 'chemicals', '&': 'and',
};
const GENERIC_COMPANY_WORDS = new Set([
  'the', 'and', 'of', 'for', 'holding', 'holdings', 'group', 'international', 'trading', 'trade', 'services', 'partners', 'capital',
  'enterprises', 'industries', 'investments', 'management', 'global', 'general', 'import', 'export',
]);
const HONORIFICS = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'doctor', 'sir', 'dame', 'lord', 'lady', 'sheikh', 'shaikh', 'sheik', 'hon', 'honorable',
  'honourable', 'gen', 'general', 'col', 'colonel', 'maj', 'major', 'capt', 'captain', 'lt', 'lieutenant', 'brig', 'brigadier', 'adm', 'admiral',
  'cmdr', 'commander', 'sgt', 'sergeant', 'marshal', 'haji', 'hajji', 'hadji', 'alhaji', 'mullah', 'mulla', 'imam', 'mufti', 'ayatollah', 'eng',
  'engr', 'rev', 'reverend', 'father', 'judge', 'senator', 'minister', 'president', 'excellency', 'herr', 'frau',
  'mme', 'mlle', 'monsieur', 'madame', 'sra', 'srta', 'gospodin', 'princess',
]);
// Titles of several words or letters ("H.E.", "H.R.H."), and suffixes: dropped wherever they stand.
const HONORIFIC_PHRASES = [['h', 'e'], ['h', 'r', 'h'], ['h', 'h'], ['his', 'excellency'], ['her', 'excellency'], ['his', 'highness'], ['jr'], ['jnr'], ['snr']];
const PARTICLES = new Set(['al', 'el', 'bin', 'bint', 'ibn', 'abu', 'ben', 'van', 'von', 'der', 'den', 'de', 'la', 'le', 'del', 'da', 'di', 'du', 'dos', 'y']);

// 有限公司 ("limited company") as transliterated, character by character.
const CJK_LIMITED = ['you', 'xian', 'gong', 'si'];

// Letters with a caron or circumflex of the scientific and ISO 9 romanisations of Cyrillic (and of Czech, Croatian,
// Turkish spellings) written as English spells the sound, so that Ščerbakov, Shcherbakov and Schtscherbakow agree.
const PRE_LATIN: Record<string, string> = {
  š: 'sh', Š: 'Sh', č: 'ch', Č: 'Ch', ž: 'zh', Ž: 'Zh', ŝ: 'shch', Ŝ: 'Shch', ć: 'ch', Ć: 'Ch', ş: 'sh', Ş: 'Sh', ç: 'ch', Ç: 'Ch',
  û: 'yu', Û: 'Yu', â: 'ya', Â: 'Ya', ë: 'yo', Ë: 'Yo', ï: 'y', ø: 'oe', Ø: 'Oe', å: 'aa', Å: 'Aa', ß: 'ss',
};
// Greek letter pairs read as one sound (before the letter-by-letter transliteration): ου -> ou, μπ -> b at a word's start ...
const GREEK_PAIRS: [RegExp, string][] = [[/ου/g, 'ou'], [/Ου/g, 'Ou'], [/ΟΥ/g, 'OU'], [/αυ/g, 'av'], [/ευ/g, 'ev'], [/Αυ/g, 'Av'], [/Ευ/g, 'Ev'], [/(^|\s)μπ/g, '$1b'], [/(^|\s)Μπ/g, '$1B'], [/(^|\s)ντ/g, '$1d'], [/(^|\s)Ντ/g, '$1D'], [/γγ/g, 'ng'], [/γκ/g, 'gk']];

/** True when the text is not plain ASCII (it goes through transliteration). */
export const isTransliterated = (text: string) => !/^[\x20-\x7e]*$/.test(text);

/** Lower-case ASCII words of any-script text. */
export function asciiWords(text: string): string[] {
  // Plain ASCII needs no transliteration (the common case, and the costly step when loading a large list).
  let t = text;
  if (isTransliterated(t)) {
    t = t.replace(/[šŠčČžŽŝŜćĆşŞçÇûÛâÂëËïøØåÅß]/g, (ch) => PRE_LATIN[ch] ?? ch);
    if (/[\u0370-\u03ff]/.test(t)) {
      t = t.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
      for (const [re, to] of GREEK_PAIRS) t = t.replace(re, to);
    }
    t = transliterate(t);
  }
  return t
    .replace(/&/g, ' and ')
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
  // German and French spellings of Cyrillic: schtsch / chtch (щ), tsch / tch (ч), sch (ш), and the German w (в)
  [/schtsch/g, 'shch'], [/chtch/g, 'shch'], [/tsch/g, 'ch'], [/tch/g, 'ch'], [/sch/g, 'sh'], [/ow$/g, 'ov'], [/ew$/g, 'ev'],
  [/shch/g, 'sc'], [/dzh/g, 'j'], [/zh/g, 'j'], [/kh/g, 'h'], [/th/g, 't'], [/ph/g, 'f'], [/(ts|tz|cz)/g, 'c'], [/c?ks/g, 'x'],
  [/ck/g, 'k'], [/q/g, 'k'], [/rh/g, 'r'], [/w/g, 'v'], [/y/g, 'i'], [/ou/g, 'u'], [/(.)\1+/g, '$1'],
];

/** A token with romanisation variants folded (both sides of a comparison get the same treatment). */
export function skeletonOf(text: string): string {
  let s = text;
  for (const [re, to] of SKELETON_RULES) s = s.replace(re, to);
  return s;
}

// A looser key on top of the skeleton: Greek mp/nt/gk (b/d/g), ch as h, every run of vowels as one 'a'.
const FOLD_RULES: [RegExp, string][] = [[/gi(?=[aeiou])/g, 'i'], [/mp/g, 'b'], [/nt/g, 'd'], [/gk/g, 'g'], [/ch/g, 'h'], [/sh/g, 's'], [/[aeiou]+/g, 'a'], [/(.)\1+/g, '$1']];

/** The skeleton folded further (foldOf('mihail') === foldOf('michail'), foldOf('mohammed') === foldOf('muhamad')). */
export function foldOf(skeleton: string): string {
  let s = skeleton;
  for (const [re, to] of FOLD_RULES) s = s.replace(re, to);
  return s;
}

// Chinese syllables (pinyin and Wade-Giles; Korean finals too): a token made of one to three of them has a
// romanisation-neutral key: unaspirated and aspirated initials and the pinyin and Wade-Giles letters agree
// (zh, ch, j, q -> j; x, hs, sh -> s; ts, tz, c, z -> z; k, g -> g; t, d -> d; p, b -> b), and so do the finals
// (ung / ong, ien / ian, ih / i, ieh / ie, uo / o, ee / i, oo / u).
const CJK_SYLLABLE = /(zh|ch|sh|hs|ts|tz|[bpmfdtnlgkhjqxrzcsyw])?(iung|iong|iang|uang|ieh|ien|ian|iao|ing|ung|ong|eng|ang|uai|uan|uei|uen|ueh|eun|eon|oon|uo|ai|ao|an|ei|en|er|ia|ie|ih|in|iu|ou|ua|ui|un|ue|eh|ee|ae|oe|eo|oo|a|e|i|o|u)/g;
const CJK_INITIAL: Record<string, string> = { zh: 'j', ch: 'j', q: 'j', j: 'j', x: 's', hs: 's', sh: 's', s: 's', ts: 'z', tz: 'z', c: 'z', z: 'z', k: 'g', g: 'g', t: 'd', d: 'd', p: 'b', b: 'b', r: 'j', y: '', w: '' };
const CJK_FINAL: Record<string, string> = { ung: 'ong', iung: 'iong', ien: 'ian', ih: 'i', ieh: 'ie', ueh: 'ue', uei: 'ui', uen: 'un', eh: 'e', uo: 'o', ee: 'i', oo: 'u', oon: 'un', eun: 'un', eon: 'on', eo: 'o', ae: 'e', oe: 'e' };

/** The romanisation-neutral key of a Chinese-like token, '' for anything else. */
export function cjkKeyOf(text: string): string {
  if (text.length > 12 || !/^[a-z]+$/.test(text)) return '';
  let key = '';
  let at = 0;
  let count = 0;
  CJK_SYLLABLE.lastIndex = 0;
  for (let m = CJK_SYLLABLE.exec(text); m; m = CJK_SYLLABLE.exec(text)) {
    if (m.index !== at) return '';
    at += m[0].length;
    count++;
    const ini = m[1] ?? '';
    key += (ini in CJK_INITIAL ? CJK_INITIAL[ini] : ini) + (CJK_FINAL[m[2]!] ?? m[2]);
  }
  return at === text.length && count <= 3 ? key : '';
}

// Words repeat across a list (given names, legal words): their skeleton and code are computed once.
const WORD_CACHE_MAX = 200_000;
const wordCache = new Map<string, { skeleton: string; phonetic: string; fold: string; cjk: string }>();

/** A token of a name (its keys computed once per distinct word). */
export function token(text: string, weightFactor = 1): NameToken {
  let w = wordCache.get(text);
  if (!w) {
    const skeleton = skeletonOf(text);
    const word = text.length > 1 && !/^\d+$/.test(text);
    w = { skeleton, phonetic: word ? doubleMetaphone(skeleton)[0] : '', fold: word ? foldOf(skeleton) : '', cjk: word ? cjkKeyOf(text) : '' };
    if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
    wordCache.set(text, w);
  }
  return { text, skeleton: w.skeleton, phonetic: w.phonetic, fold: w.fold, cjk: w.cjk, weight: text.length * weightFactor, minor: weightFactor < 1 };
}

/** Drops every occurrence of the phrases (word sequences) from the words. */
function dropPhrases(words: string[], phrases: readonly string[][]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const p = phrases.find((ph) => ph.every((w, j) => words[i + j] === w));
    if (p) i += p.length;
    else out.push(words[i++]!);
  }
  return out;
}

/** The tokens of a person's or a company's name. */
export function nameTokens(name: string, schema: 'Person' | 'Company'): NameTokens {
  let words = asciiWords(name);
  let tokens: NameToken[];
  if (schema === 'Company') {
    const at = words.findIndex((_, i) => CJK_LIMITED.every((w, j) => words[i + j] === w));
    if (at >= 0) words.splice(at, CJK_LIMITED.length);
    words = joinInitialRuns(dropPhrases(words, LEGAL_PHRASES)).map((w) => COMPANY_ABBREVIATIONS[w] ?? w);
    const kept = words.filter((w) => !LEGAL_FORMS.has(w));
    // A name that is nothing but legal forms keeps them (better than no name).
    tokens = (kept.length ? kept : words).map((w) => token(w, GENERIC_COMPANY_WORDS.has(w) ? 0.3 : 1));
  } else {
    // Titles lead a name ("Lieutenant General ...", "Dr. ..."): the leading run of them is dropped.
    const kept = dropPhrases(words, HONORIFIC_PHRASES);
    let lead = 0;
    while (lead < kept.length - 1 && HONORIFICS.has(kept[lead]!)) lead++;
    kept.splice(0, lead);
    tokens = (kept.length ? kept : words).map((w) => token(w, PARTICLES.has(w) ? 0.4 : 1));
  }
  return { tokens, joined: tokens.map((t) => t.text).join(''), weight: tokens.reduce((s, t) => s + t.weight, 0), transliterated: isTransliterated(name) };
}
