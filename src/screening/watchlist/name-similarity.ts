import { distance } from 'fastest-levenshtein';
import type { NameToken, NameTokens } from './name-tokens';

/** Below this a token pair counts as no match at all (different words, not a typo). */
const MIN_TOKEN_SIMILARITY = 0.7;
/** An initial ("J") against a word starting with it ("John"): close, never a full match. */
const INITIAL_SIMILARITY = 0.9;
/** The joined-letters comparison ("qiao lun" / "qiaolun") counts a little less than a token-by-token match. */
const JOINED_FACTOR = 0.95;

/** 1 - edit distance / the longer length (fastest-levenshtein). */
export function editSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/**
 * How alike two tokens are, 0..1: equal 1; an initial against a word with that first letter 0.9; otherwise
 * the better of the edit similarities of the spellings and of their skeletons (romanisation variants
 * folded), raised when both sound alike (equal Double Metaphone codes) and the spelling is at least half
 * the same. Under 0.7 it is 0.
 */
export function tokenSimilarity(a: NameToken, b: NameToken): number {
  if (a.text === b.text) return 1;
  const la = a.text.length;
  const lb = b.text.length;
  if (la === 1 || lb === 1) {
    const [short, long] = la === 1 ? [a.text, b.text] : [b.text, a.text];
    return long.length > 1 && long.startsWith(short) ? INITIAL_SIMILARITY : 0;
  }
  // Edit similarity is at most 1 - (length difference / longer length): skip the distance when even the
  // best case could not count (the usual case for two unrelated words).
  const bound = (x: number, y: number) => 1 - Math.abs(x - y) / Math.max(x, y);
  const samePhonetic = a.phonetic !== '' && a.phonetic === b.phonetic;
  const best = Math.max(bound(la, lb), bound(a.skeleton.length, b.skeleton.length));
  if (best < (samePhonetic ? 0.5 : MIN_TOKEN_SIMILARITY)) return 0;
  let sim = Math.max(editSimilarity(a.text, b.text), a.skeleton === b.skeleton ? 0.97 : 0.97 * editSimilarity(a.skeleton, b.skeleton));
  if (sim >= 0.5 && samePhonetic) sim = Math.max(sim, 0.85 + 0.15 * sim);
  return sim >= MIN_TOKEN_SIMILARITY ? sim : 0;
}

/**
 * How alike a query name is to candidate names, 0..1, whatever the word order: tokens are paired greedily,
 * best pairs first, each token at most once, and the score is the pairs' similarity weighted by both
 * tokens' weights over the weight of every token on both sides. An unpaired token (a middle name, a word
 * only one side has) therefore lowers the score without sinking it: "John Smith" against "John Michael
 * Smith" is 0.72, "John" against "John Smith" 0.62. One QueryName serves one query against many
 * candidates: a query token's similarity to a given word is computed once (candidates share given names).
 */
export class QueryName {
  private readonly memo: Map<string, number>[];
  private sims = new Float64Array(0);

  constructor(readonly q: NameTokens) {
    this.memo = q.tokens.map(() => new Map());
  }

  private tokenSim(i: number, t: NameToken): number {
    const m = this.memo[i]!;
    let v = m.get(t.text);
    if (v === undefined) {
      v = tokenSimilarity(this.q.tokens[i]!, t);
      m.set(t.text, v);
    }
    return v;
  }

  similarity(c: NameTokens): number {
    const q = this.q;
    const total = q.weight + c.weight;
    if (total === 0) return 0;
    const nq = q.tokens.length;
    const nc = c.tokens.length;
    if (this.sims.length < nq * nc) this.sims = new Float64Array(nq * nc);
    const sims = this.sims;
    let any = false;
    for (let i = 0; i < nq; i++) {
      for (let j = 0; j < nc; j++) {
        const v = this.tokenSim(i, c.tokens[j]!);
        sims[i * nc + j] = v;
        if (v > 0) any = true;
      }
    }
    let matched = 0;
    if (any) {
      // Greedy pairing, best pair first: tokens are few (a name has a handful), so a scan per pair is cheap.
      for (;;) {
        let bi = -1;
        let bj = -1;
        let bv = 0;
        for (let i = 0; i < nq; i++) {
          for (let j = 0; j < nc; j++) {
            const v = sims[i * nc + j]!;
            if (v > bv) {
              bv = v;
              bi = i;
              bj = j;
            }
          }
        }
        if (bi < 0) break;
        matched += bv * (q.tokens[bi]!.weight + c.tokens[bj]!.weight);
        for (let j = 0; j < nc; j++) sims[bi * nc + j] = 0;
        for (let i = 0; i < nq; i++) sims[i * nc + bj] = 0;
      }
    }
    let score = matched / total;
    // Names split differently ("Fang Qiao Lun" / "Fang Qiaolun", "Abdul Rahman" / "Abdulrahman").
    if (score < 1 && nq !== nc && q.joined.length > 3) {
      const longest = Math.max(q.joined.length, c.joined.length);
      if (1 - Math.abs(q.joined.length - c.joined.length) / longest > score) {
        score = Math.max(score, JOINED_FACTOR * Math.max(0, 1 - distance(q.joined, c.joined) / longest));
      }
    }
    return score;
  }
}

/** How alike two names are, 0..1 (QueryName.similarity for a single pair). */
export function nameSimilarity(q: NameTokens, c: NameTokens): number {
  return new QueryName(q).similarity(c);
}
