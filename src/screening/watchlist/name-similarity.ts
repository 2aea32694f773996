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
  if (a.text.length === 1 || b.text.length === 1) {
    const [short, long] = a.text.length === 1 ? [a.text, b.text] : [b.text, a.text];
    return long.length > 1 && long.startsWith(short) ? INITIAL_SIMILARITY : 0;
  }
  let sim = Math.max(editSimilarity(a.text, b.text), a.skeleton === b.skeleton ? 0.97 : 0.97 * editSimilarity(a.skeleton, b.skeleton));
  if (sim >= 0.5 && a.phonetic !== '' && a.phonetic === b.phonetic) sim = Math.max(sim, 0.85 + 0.15 * sim);
  return sim >= MIN_TOKEN_SIMILARITY ? sim : 0;
}

/**
 * How alike two names are, 0..1, whatever the word order: tokens are paired greedily, best pairs first,
 * each token at most once, and the score is the pairs' similarity weighted by both tokens' weights over
 * the weight of every token on both sides. An unpaired token (a middle name, a word only one side has)
 * therefore lowers the score without sinking it: "John Smith" against "John Michael Smith" is 0.72,
 * "John" against "John Smith" 0.62.
 */
export function nameSimilarity(q: NameTokens, c: NameTokens): number {
  const total = q.weight + c.weight;
  if (total === 0) return 0;
  const pairs: { i: number; j: number; sim: number }[] = [];
  for (let i = 0; i < q.tokens.length; i++) {
    for (let j = 0; j < c.tokens.length; j++) {
      const sim = tokenSimilarity(q.tokens[i]!, c.tokens[j]!);
      if (sim > 0) pairs.push({ i, j, sim });
    }
  }
  pairs.sort((x, y) => y.sim - x.sim);
  const usedQ = new Set<number>();
  const usedC = new Set<number>();
  let matched = 0;
  for (const p of pairs) {
    if (usedQ.has(p.i) || usedC.has(p.j)) continue;
    usedQ.add(p.i);
    usedC.add(p.j);
    matched += p.sim * (q.tokens[p.i]!.weight + c.tokens[p.j]!.weight);
  }
  let score = matched / total;
  // Names split differently ("Fang Qiao Lun" / "Fang Qiaolun", "Abdul Rahman" / "Abdulrahman").
  if (score < 1 && q.tokens.length !== c.tokens.length && q.joined.length > 3) {
    score = Math.max(score, JOINED_FACTOR * Math.max(0, 1 - distance(q.joined, c.joined) / Math.max(q.joined.length, c.joined.length)));
  }
  return score;
}
