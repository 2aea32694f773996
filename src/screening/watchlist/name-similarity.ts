import { distance } from 'fastest-levenshtein';
import { token, type NameToken, type NameTokens } from './name-tokens';

/** Below this a token pair counts as no match at all (different words, not a typo). */
const MIN_TOKEN_SIMILARITY = 0.7;
/** An initial ("J") against a word starting with it ("John"): close, never a full match. */
const INITIAL_SIMILARITY = 0.9;
/** Equal skeletons or Chinese keys: another romanisation of the same word. */
const TRANSLITERATED_SIMILARITY = 0.97;
/** The loose fold (vowels as one, Greek digraphs) counts less than the skeleton. */
const FOLD_FACTOR = 0.92;
/** The joined-letters comparison ("qiao lun" / "qiaolun") counts a little less than a token-by-token match. */
const JOINED_FACTOR = 0.95;
/** A token missing between matched ones (a middle name, a patronymic) weighs this much of its weight. */
const MIDDLE_MISSING_FACTOR = 0.4;
/**
 * A person's name part outside the matched ones (a family name one side has and the other lacks, or a
 * different surname): the names are of different people unless the rest says otherwise.
 */
const EDGE_MISSING_PENALTY = 0.2;
/** Both sides have such a part (another surname, another distinguishing word of a company). */
const CONFLICT_PENALTY = 0.3;

/** How two tokens matched (the explanation's vocabulary). */
export type TokenMatchKind = 'exact' | 'transliterated' | 'phonetic' | 'edit_distance' | 'initial' | 'joined';
const KINDS: TokenMatchKind[] = ['exact', 'transliterated', 'phonetic', 'edit_distance', 'initial', 'joined'];

/** 1 - edit distance / the longer length (fastest-levenshtein). */
export function editSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

const bound = (x: number, y: number) => 1 - Math.abs(x - y) / Math.max(x, y);

/** Whether b is a with two neighbouring letters swapped (Masri / Marsi): one typo, where Levenshtein counts two. */
function transposed(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Token similarity and how it was reached (encoded as kind index * 10 + similarity for the memo). */
function compareTokens(a: NameToken, b: NameToken): number {
  if (a.text === b.text) return 0 * 10 + 1;
  const la = a.text.length;
  const lb = b.text.length;
  if (la === 1 || lb === 1) {
    const [short, long] = la === 1 ? [a.text, b.text] : [b.text, a.text];
    return long.length > 1 && long.startsWith(short) ? 4 * 10 + INITIAL_SIMILARITY : 0;
  }
  if (a.skeleton === b.skeleton || (a.cjk !== '' && a.cjk === b.cjk)) return 1 * 10 + TRANSLITERATED_SIMILARITY;
  // Edit similarity is at most 1 - (length difference / longer length): skip the distance when even the
  // best case could not count (the usual case for two unrelated words).
  const samePhonetic = a.phonetic !== '' && a.phonetic === b.phonetic;
  const best = Math.max(bound(la, lb), bound(a.skeleton.length, b.skeleton.length), a.fold && b.fold ? bound(a.fold.length, b.fold.length) : 0);
  if (best < (samePhonetic ? 0.5 : MIN_TOKEN_SIMILARITY)) return 0;
  let sim = transposed(a.text, b.text) ? 1 - 1 / la : editSimilarity(a.text, b.text);
  let kind = 3;
  const sk = TRANSLITERATED_SIMILARITY * editSimilarity(a.skeleton, b.skeleton);
  if (sk > sim) {
    sim = sk;
    kind = 1;
  }
  if (a.fold && b.fold && Math.min(a.fold.length, b.fold.length) >= 3) {
    const fs = FOLD_FACTOR * editSimilarity(a.fold, b.fold);
    if (fs > sim) {
      sim = fs;
      kind = 2;
    }
  }
  if (sim >= 0.5 && samePhonetic && 0.85 + 0.15 * sim > sim) {
    sim = 0.85 + 0.15 * sim;
    kind = 2;
  }
  return sim >= MIN_TOKEN_SIMILARITY ? kind * 10 + Math.min(sim, 0.99) : 0;
}

const simOf = (code: number) => code - Math.floor(code / 10) * 10 || (code === 0 ? 0 : 1);
const kindOf = (code: number): TokenMatchKind => KINDS[Math.floor(code / 10)]!;

/**
 * How alike two tokens are, 0..1: equal 1; an initial against a word with that first letter 0.9; another
 * romanisation (equal skeletons or Chinese keys) 0.97; otherwise the best of the edit similarities of the
 * spellings, of their skeletons and of their looser folds, raised when both sound alike (equal Double
 * Metaphone codes) and the spelling is at least half the same. Under 0.7 it is 0.
 */
export function tokenSimilarity(a: NameToken, b: NameToken): number {
  const code = compareTokens(a, b);
  return code === 0 ? 0 : simOf(code);
}

/** One paired token of an explanation. */
export interface TokenPair {
  /** The query's word (or words, joined). */
  query: string;
  /** The listed name's word (or words). */
  matched: string;
  how: TokenMatchKind;
  similarity: number;
}

export interface NameComparison {
  score: number;
  pairs: TokenPair[];
  /** Query words with no counterpart, and listed words with none. */
  unmatchedQuery: string[];
  unmatchedCandidate: string[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * How alike a query name is to candidate names, 0..1, whatever the word order: tokens are paired greedily,
 * best pairs first, each token at most once (words one side writes apart and the other together are
 * paired as one: Abdul Rahman / Abdulrahman), and the score is the pairs' similarity weighted by both
 * tokens' weights over the weight of every token on both sides. A token missing between matched ones (a
 * middle name, a patronymic) weighs less; for a person, a name part missing outside them (another or no
 * family name) costs EDGE_MISSING_PENALTY. One QueryName serves one query against many candidates: a
 * query token's similarity to a given word is computed once (candidates share given names).
 */
export class QueryName {
  private readonly memo: Map<string, number>[];
  private sims = new Float64Array(0);
  private codes = new Float64Array(0);

  constructor(readonly q: NameTokens, readonly schema: 'Person' | 'Company' = 'Person') {
    this.memo = q.tokens.map(() => new Map());
  }

  private tokenCode(i: number, t: NameToken): number {
    const m = this.memo[i]!;
    let v = m.get(t.text);
    if (v === undefined) {
      v = compareTokens(this.q.tokens[i]!, t);
      m.set(t.text, v);
    }
    return v;
  }

  private qmBuf = new Int16Array(16);
  private cmBuf = new Int16Array(16);
  private detailOut: NameComparison | null = null;

  similarity(c: NameTokens): number {
    return this.compare(c, false);
  }

  /** The comparison with its pairs (for the explanation). */
  explain(c: NameTokens): NameComparison {
    const score = this.compare(c, true);
    return this.detailOut ?? { score, pairs: [], unmatchedQuery: [], unmatchedCandidate: [] };
  }

  private compare(c: NameTokens, detail: boolean): number {
    const q = this.q;
    const nq = q.tokens.length;
    const nc = c.tokens.length;
    this.detailOut = null;
    if (q.weight + c.weight === 0) return 0;
    if (this.sims.length < nq * nc) {
      this.sims = new Float64Array(nq * nc);
      this.codes = new Float64Array(nq * nc);
    }
    const sims = this.sims;
    const codes = this.codes;
    let any = false;
    for (let i = 0; i < nq; i++) {
      for (let j = 0; j < nc; j++) {
        const code = this.tokenCode(i, c.tokens[j]!);
        codes[i * nc + j] = code;
        const v = code === 0 ? 0 : simOf(code);
        sims[i * nc + j] = v;
        if (v > 0) any = true;
      }
    }
    if (!any && nq === 1 && nc === 1) return 0;
    // qm[i] / cm[j]: the partner's index, -1 unpaired, -2 part of a joined pair.
    if (this.qmBuf.length < nq) this.qmBuf = new Int16Array(nq * 2);
    if (this.cmBuf.length < nc) this.cmBuf = new Int16Array(nc * 2);
    const qm = this.qmBuf.fill(-1, 0, nq);
    const cm = this.cmBuf.fill(-1, 0, nc);
    const pairs: TokenPair[] = detail ? [] : NO_PAIRS;
    let matched = 0;
    let nMatched = 0;
    let initialsAdjust = 0;
    if (any) {
      // Greedy pairing, best pair first: tokens are few (a name has a handful), so a scan per pair is cheap.
      for (;;) {
        let bi = -1;
        let bj = -1;
        let bv = 0;
        for (let i = 0; i < nq; i++) {
          if (qm[i] !== -1) continue;
          for (let j = 0; j < nc; j++) {
            const v = sims[i * nc + j]!;
            if (v > bv && cm[j] === -1) {
              bv = v;
              bi = i;
              bj = j;
            }
          }
        }
        if (bi < 0) break;
        qm[bi] = bj;
        cm[bj] = bi;
        nMatched++;
        const qt = q.tokens[bi]!;
        const ct = c.tokens[bj]!;
        if (qt.text.length === 1 || ct.text.length === 1) {
          // An initial and its word weigh as two initials: "J. M. Smith" is closer to John Michael Smith than to John Smith.
          const w = Math.min(qt.weight, ct.weight);
          matched += bv * 2 * w;
          initialsAdjust += Math.max(qt.weight, ct.weight) - w;
        } else matched += bv * (qt.weight + ct.weight);
        if (detail) {
          const code = codes[bi * nc + bj]!;
          let how = kindOf(code);
          if (how === 'exact' && (q.transliterated || c.transliterated)) how = 'transliterated';
          pairs.push({ query: qt.text, matched: ct.text, how, similarity: round3(bv) });
        }
      }
    }
    // Words written apart on one side and together on the other: unpaired neighbours joined, against an unpaired word.
    if (nq !== nc || nMatched < Math.min(nq, nc)) {
      matched += this.joinRuns(q.tokens, qm, c.tokens, cm, false, pairs, detail);
      matched += this.joinRuns(c.tokens, cm, q.tokens, qm, true, pairs, detail);
    }
    // Weights: a token missing between matched ones counts less; one outside them, for a person, costs a penalty.
    let total = 0;
    let edgeMissing = false;
    let sidesMissing = 0;
    const company = this.schema === 'Company';
    const side = (tokens: NameToken[], m: Int16Array) => {
      edgeMissing = false;
      let lo = -1;
      let hi = -1;
      for (let k = 0; k < tokens.length; k++) {
        if (m[k] !== -1) {
          if (lo < 0) lo = k;
          hi = k;
        }
      }
      for (let k = 0; k < tokens.length; k++) {
        const t = tokens[k]!;
        if (m[k] !== -1) total += t.weight;
        else if (lo >= 0 && k > lo && k < hi) {
          total += t.weight * MIDDLE_MISSING_FACTOR;
          // a company's distinguishing word counts wherever it stands
          if (company && !t.minor && t.text.length > 1) edgeMissing = true;
        } else {
          total += t.weight;
          if (lo >= 0 && !t.minor && t.text.length > 1) edgeMissing = true;
        }
      }
    };
    side(q.tokens, qm);
    if (edgeMissing) sidesMissing++;
    side(c.tokens, cm);
    if (edgeMissing) sidesMissing++;
    total -= initialsAdjust;
    let score = total <= 0 ? 0 : Math.min(1, matched / total);
    // A person: a name part outside the matched ones. A company: a distinguishing word on both sides.
    if (sidesMissing === 2) score = Math.max(0, score - CONFLICT_PENALTY);
    else if (sidesMissing === 1 && this.schema === 'Person') score = Math.max(0, score - EDGE_MISSING_PENALTY);
    // The same letters split differently as a whole ("Fang Qiao Lun" / "Fang Qiaolun").
    if (score < 0.9 && nq !== nc && q.joined.length > 3 && Math.abs(q.joined.length - c.joined.length) <= 2) {
      const longest = Math.max(q.joined.length, c.joined.length);
      if (JOINED_FACTOR * bound(q.joined.length, c.joined.length) > score) {
        const same = 1 - distance(q.joined, c.joined) / longest;
        const joined = JOINED_FACTOR * same;
        if (same >= 0.9 && joined > score) {
          score = joined;
          if (detail) {
            pairs.length = 0;
            pairs.push({ query: q.tokens.map((t) => t.text).join(' '), matched: c.tokens.map((t) => t.text).join(' '), how: 'joined', similarity: round3(joined) });
            qm.fill(0, 0, nq);
            cm.fill(0, 0, nc);
          }
        }
      }
    }
    if (detail) {
      this.detailOut = {
        score: round3(score),
        pairs,
        unmatchedQuery: q.tokens.filter((_, k) => qm[k] === -1).map((t) => t.text),
        unmatchedCandidate: c.tokens.filter((_, k) => cm[k] === -1).map((t) => t.text),
      };
    }
    return score;
  }

  /**
   * Runs of two or three neighbouring unpaired tokens of `a`, joined, against each unpaired token of `b`:
   * a close enough pair is paired (how 'joined'); the matched weight it adds.
   */
  private joinRuns(a: NameToken[], am: Int16Array, b: NameToken[], bm: Int16Array, aIsCandidate: boolean, pairs: TokenPair[], detail: boolean): number {
    let added = 0;
    for (let i = 0; i + 1 < a.length; i++) {
      if (am[i] !== -1 || am[i + 1] !== -1) continue;
      for (let len = Math.min(3, a.length - i); len >= 2; len--) {
        let ok = true;
        for (let k = 0; k < len; k++) if (am[i + k] !== -1) ok = false;
        if (!ok) continue;
        let text = '';
        let cjkLike = true;
        for (let k = 0; k < len; k++) {
          text += a[i + k]!.text;
          if (!a[i + k]!.cjk) cjkLike = false;
        }
        let best = 0;
        let bj = -1;
        let joined: NameToken | null = null;
        for (let j = 0; j < b.length; j++) {
          if (bm[j] !== -1) continue;
          const other = b[j]!;
          // cheap checks first: the same first letter (or Chinese syllables on both sides), a length not far off
          const sameStart = other.text[0] === text[0] || (VOWELS.includes(other.text[0]!) && VOWELS.includes(text[0]!));
          if (!(cjkLike && other.cjk) && (!sameStart || bound(text.length, other.text.length) < 0.6)) continue;
          joined ??= joinedToken(text);
          if (bound(joined.skeleton.length, b[j]!.skeleton.length) < 0.7 && !(joined.cjk && joined.cjk === b[j]!.cjk)) continue;
          const s = tokenSimilarity(joined, b[j]!);
          if (s > best) {
            best = s;
            bj = j;
          }
        }
        if (bj >= 0 && best >= 0.8) {
          const sim = Math.min(best, JOINED_FACTOR + 0.04);
          let w = b[bj]!.weight;
          for (let k = 0; k < len; k++) {
            am[i + k] = -2;
            w += a[i + k]!.weight;
          }
          bm[bj] = -2;
          added += sim * w;
          if (detail) {
            const joinedText = a.slice(i, i + len).map((t) => t.text).join(' ');
            pairs.push(aIsCandidate
              ? { query: b[bj]!.text, matched: joinedText, how: 'joined', similarity: round3(sim) }
              : { query: joinedText, matched: b[bj]!.text, how: 'joined', similarity: round3(sim) });
          }
          break;
        }
      }
    }
    return added;
  }
}

const NO_PAIRS: TokenPair[] = [];
const VOWELS = 'aeiouy';

// Joined neighbours ("abdul"+"rahman") recur across queries: their keys are computed once (kept apart from the word cache).
const joinedCache = new Map<string, NameToken>();
function joinedToken(text: string): NameToken {
  let t = joinedCache.get(text);
  if (!t) {
    t = token(text);
    if (joinedCache.size >= 50_000) joinedCache.clear();
    joinedCache.set(text, t);
  }
  return t;
}

/** How alike two names are, 0..1 (QueryName.similarity for a single pair). */
export function nameSimilarity(q: NameTokens, c: NameTokens, schema: 'Person' | 'Company' = 'Person'): number {
  return new QueryName(q, schema).similarity(c);
}
