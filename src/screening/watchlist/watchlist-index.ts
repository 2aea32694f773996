import { ftmValues, matchOfFtmEntity, type FtmEntity } from '../ftm';
import { matchCounts, type MatchExplanation, type ScreeningMatch, type ScreeningQueryOptions, type ScreeningSubject, type WatchlistCandidate, type WatchlistQuery } from '../screening-provider';
import { corroborate, DOB_EXACT, COUNTRY_AGREES } from './corroboration';
import { QueryName } from './name-similarity';
import { nameTokens, token, type NameToken, type NameTokens } from './name-tokens';

/** A weak alias (OpenSanctions' `weakAlias`: a nickname, a kunya, a short or vague name) counts this share of its similarity. */
export const WEAK_ALIAS_FACTOR = 0.85;
/** Candidates under this final score are not shown by search(), even as near misses. */
export const SEARCH_FLOOR = 0.5;

type NameKind = MatchExplanation['name']['kind'];
const NAME_KINDS: NameKind[] = ['name', 'alias', 'weakAlias', 'previousName'];

/** What a search may be told beyond the subject. */
export interface SearchOptions {
  /** Only entities of these datasets (any of them). */
  datasets?: readonly string[];
  /** Whether weak aliases are matched at all (default true). */
  weakAliases?: boolean;
}

/** Names fully scored per query, at most: the ones sharing the most (and rarest) tokens with it. */
const MAX_CANDIDATES = 150;
/**
 * Postings read per query, at most, beyond the two rarest keys: a very common key ("mohammed", "john") is
 * left out when rarer keys of the query already narrow the search, so that a query never walks a large
 * share of the list.
 */
const POSTINGS_BUDGET = 20_000;
/** Beyond the two rarest keys, keys on more than this share of the names (and at least COMMON_KEY_MIN) are not read. */
const COMMON_KEY_SHARE = 0.02;
const COMMON_KEY_MIN = 500;
/** The most a corroborating feature can add: a name this far below the threshold cannot make it. */
const MAX_BOOST = DOB_EXACT + COUNTRY_AGREES;

type EntityFacts = Omit<ScreeningMatch, 'score'>;

/** One schema's part of the index (a Person subject is only ever compared with Person entities). */
class Partition {
  readonly names: NameTokens[] = [];
  readonly nameEntity: number[] = [];
  /** The name as listed, and which property it came from (index into NAME_KINDS). */
  readonly nameText: string[] = [];
  readonly nameKind: number[] = [];
  /** Blocking index: token key (Double Metaphone code, or the digits of a number) -> the names having it. */
  readonly postings = new Map<string, number[]>();
  private scratch = new Float64Array(0);
  private credited = new Int32Array(0);

  add(entityIndex: number, tokens: NameTokens, text: string, kind: NameKind): void {
    const nameIndex = this.names.length;
    this.names.push(tokens);
    this.nameEntity.push(entityIndex);
    this.nameText.push(text);
    this.nameKind.push(NAME_KINDS.indexOf(kind));
    for (const [key] of keysOf(tokens)) {
      const list = this.postings.get(key);
      if (list) list.push(nameIndex);
      else this.postings.set(key, [nameIndex]);
    }
  }

  /**
   * The names worth scoring against `q`: those sharing a token key with it, ranked by the summed rarity
   * (inverse document frequency) of the keys they share, best MAX_CANDIDATES (a bounded heap, no sort).
   */
  candidates(q: NameTokens): number[] {
    const n = this.names.length;
    if (n === 0) return [];
    if (this.scratch.length < n) this.scratch = new Float64Array(n);
    const acc = this.scratch;
    // Each query word (and each pair of neighbours joined) is credited once per name, with its rarest key
    // that the name has: a name sharing both words of the query outranks one sharing many keys of one word.
    const keyed: { list: number[]; bit: number }[] = [];
    for (const [key, slot] of keysOf(q)) {
      const list = this.postings.get(key);
      if (list) keyed.push({ list, bit: 1 << Math.min(slot, 30) });
    }
    if (keyed.length === 0) return [];
    keyed.sort((a, b) => a.list.length - b.list.length);
    if (this.credited.length < n) this.credited = new Int32Array(n);
    const credited = this.credited;
    let read = 0;
    const touched: number[] = [];
    const common = Math.max(COMMON_KEY_MIN, n * COMMON_KEY_SHARE);
    for (let k = 0; k < keyed.length; k++) {
      const { list, bit } = keyed[k]!;
      // Beyond the two rarest keys, a key that a large share of the names have narrows nothing: left out.
      if (k >= 2 && list.length > common) break;
      read += list.length;
      if (k >= 2 && read > POSTINGS_BUDGET) break;
      const idf = Math.log(1 + n / list.length);
      for (const nameIndex of list) {
        const c = credited[nameIndex]!;
        if (c & bit) continue;
        if (c === 0) touched.push(nameIndex);
        credited[nameIndex] = c | bit;
        acc[nameIndex] += idf;
      }
    }
    let chosen: number[];
    if (touched.length <= MAX_CANDIDATES) chosen = touched.slice();
    else {
      // Among names sharing as much, the shorter first (a two-word name is not crowded out by longer ones that contain it).
      for (const i of touched) acc[i] -= 0.001 * this.names[i]!.tokens.length;
      chosen = topByScore(touched, acc, MAX_CANDIDATES);
    }
    for (const i of touched) {
      acc[i] = 0;
      credited[i] = 0;
    }
    return chosen;
  }
}

/** The `k` items of `items` with the highest `score[item]` (a min-heap of size k). */
function topByScore(items: number[], score: Float64Array, k: number): number[] {
  const heap: number[] = [];
  const less = (a: number, b: number) => score[a]! < score[b]!;
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const x of items) {
    if (heap.length < k) {
      heap.push(x);
      for (let i = heap.length - 1; i > 0;) {
        const p = (i - 1) >> 1;
        if (!less(heap[i]!, heap[p]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (less(heap[0]!, x)) {
      heap[0] = x;
      down(0);
    }
  }
  return heap;
}

/**
 * A name's blocking keys: each token's Double Metaphone code (the digits of a number), for longer words
 * also the first four and the last four letters of its skeleton (so that a typo that changes how a word
 * sounds still shares a key with the listed spelling) and the start of its loose fold, and for a
 * Chinese-like word its romanisation-neutral key.
 */
function* keysOf(t: NameTokens): Iterable<[string, number]> {
  const seen = new Set<string>();
  const n = t.tokens.length;
  const emit = function* (tok: NameToken, slot: number, all: boolean): Iterable<[string, number]> {
    const sk = tok.skeleton;
    const keys = all
      ? [tok.phonetic || (tok.text.length > 1 ? tok.text : ''), sk.length >= 5 ? `^${sk.slice(0, 4)}` : '', sk.length >= 6 ? `$${sk.slice(-4)}` : '',
        tok.fold.length >= 4 ? `~${tok.fold.slice(0, 4)}` : '', tok.cjk ? `*${tok.cjk}` : '']
      : [tok.phonetic, sk.length >= 5 ? `^${sk.slice(0, 4)}` : ''];
    for (const key of keys) {
      if (key && !seen.has(key)) {
        seen.add(key);
        yield [key, slot];
      }
    }
  };
  for (let i = 0; i < n; i++) yield* emit(t.tokens[i]!, i, true);
  // Each other word's first letter with the longest word's sound: an initial ("F. Smitherton") finds its name among the namesakes.
  let longest = 0;
  for (let i = 1; i < n; i++) if (t.tokens[i]!.text.length > t.tokens[longest]!.text.length) longest = i;
  const surname = t.tokens[longest]!.phonetic;
  if (surname) {
    for (let i = 0; i < n; i++) {
      const key = `&${t.tokens[i]!.text[0]}${surname}`;
      if (i !== longest && !seen.has(key)) {
        seen.add(key);
        yield [key, 2 * n + i];
      }
    }
  }
  // Neighbours one side may write as one word (Abdul Rahman / Abdulrahman, Jean-Pierre, al-Sayed): keys of the joined pair.
  for (let i = 0; i + 1 < n; i++) {
    const a = t.tokens[i]!;
    const b = t.tokens[i + 1]!;
    if (a.text.length > 1 && b.text.length > 1 && (a.text.length <= 5 || b.text.length <= 4) && !/\d/.test(a.text + b.text)) {
      yield* emit(token(a.text + b.text), n + i, false);
    }
  }
}

/** Lower-case alpha-2 country codes ("gb-sct" counts as "gb"). */
const countryCodes = (values: readonly (string | null)[]) =>
  [...new Set(values.filter((v): v is string => Boolean(v)).map((v) => v.trim().toLowerCase().split('-')[0]!))];

/**
 * An in-memory index of a FollowTheMoney watchlist, built once: every name and alias of every Person and
 * legal body, tokenised (name-tokens.ts) and filed under its tokens' phonetic keys. A search looks up the
 * query's keys (a blocking index: it never scans the list), scores the best candidates by name
 * (name-similarity.ts), corrects by date of birth and nationality (corroboration.ts), and keeps those at
 * or above the threshold.
 */
export class WatchlistIndex {
  /** Null: removed (a delta's DEL, or replaced by its MOD); its names stay in the postings and are skipped. */
  private readonly entities: (EntityFacts | null)[] = [];
  private readonly entityCountries: string[][] = [];
  private readonly partitions = { Person: new Partition(), Company: new Partition() };
  /** Entity id -> its live slot in `entities`. */
  private readonly byId = new Map<string, number>();

  /** An index of the given entities (the small index of a list change's entities); those that are not parties are left out. */
  static of(entities: Iterable<FtmEntity>): WatchlistIndex {
    const index = new WatchlistIndex();
    for (const e of entities) index.add(e);
    return index;
  }

  /** Entities indexed (live: removed ones do not count). */
  get size(): number {
    return this.byId.size;
  }

  /** Whether an entity of that id is indexed. */
  has(entityId: string): boolean {
    return this.byId.has(entityId);
  }

  /**
   * Removes an entity (a delta's DEL): its slot is emptied at once, so no search finds it any more; its names
   * stay in the blocking postings until the list is next loaded in full, and are skipped. False when unknown.
   */
  remove(entityId: string): boolean {
    const slot = this.byId.get(entityId);
    if (slot === undefined) return false;
    this.entities[slot] = null;
    this.byId.delete(entityId);
    return true;
  }

  /**
   * Adds an FtM entity, replacing an indexed one of the same id (a delta's MOD); false when its schema is not
   * a party (Vessel, Sanction ...) or it has no name (a replaced entity is then removed: it is no party any more).
   */
  add(entity: FtmEntity): boolean {
    if (typeof entity.id === 'string') this.remove(entity.id);
    const facts = matchOfFtmEntity(entity, 0);
    if (!facts) return false;
    const names: [string, NameKind][] = [
      ...ftmValues(entity, 'name').map((n): [string, NameKind] => [n, 'name']),
      ...ftmValues(entity, 'alias').map((n): [string, NameKind] => [n, 'alias']),
      ...ftmValues(entity, 'previousName').map((n): [string, NameKind] => [n, 'previousName']),
    ];
    if (facts.schema === 'Person' && names.length === 0) {
      const full = [...ftmValues(entity, 'firstName').slice(0, 1), ...ftmValues(entity, 'lastName').slice(0, 1)].join(' ');
      if (full) names.push([full, 'name']);
    }
    const strong = names.length;
    names.push(...ftmValues(entity, 'weakAlias').map((n): [string, NameKind] => [n, 'weakAlias']));
    const seen = new Set<string>();
    const tokenised: [NameTokens, string, NameKind][] = [];
    for (const [name, kind] of names) {
      const t = nameTokens(name, facts.schema);
      if (t.tokens.length === 0 || seen.has(t.tokens.map((x) => x.text).join(' '))) continue;
      seen.add(t.tokens.map((x) => x.text).join(' '));
      tokenised.push([t, name, kind]);
    }
    if (tokenised.length === 0 || strong === 0) return false;
    const entityIndex = this.entities.length;
    const { score: _score, ...rest } = facts;
    this.entities.push(rest);
    this.byId.set(rest.entityId, entityIndex);
    this.entityCountries.push(countryCodes([...facts.nationality, ...facts.countries]));
    for (const [t, text, kind] of tokenised) this.partitions[facts.schema].add(entityIndex, t, text, kind);
    return true;
  }

  /**
   * The entities matching the subject at or above `threshold` (0..1), best first, at most `limit`, each explained;
   * a tenant's settings (`options`) choose the topics and datasets that count, how dates of birth corroborate and
   * whether weak aliases match.
   */
  search(subject: ScreeningSubject, threshold: number, limit: number, options: ScreeningQueryOptions = {}): ScreeningMatch[] {
    return this.scored(subject, threshold, limit, options);
  }

  /**
   * An ad-hoc search: the best candidates down to SEARCH_FLOOR (or the threshold, when lower), each with its
   * explanation and whether it reaches the threshold.
   */
  searchWatchlist(query: WatchlistQuery, threshold: number, limit: number, options: Omit<ScreeningQueryOptions, 'datasets' | 'threshold'> = {}): WatchlistCandidate[] {
    const subject: ScreeningSubject = {
      subjectId: 'search', name: query.name, role: query.schema === 'Company' ? 'company' : 'director', schema: query.schema,
      birthDate: query.birthDate ?? null, nationality: query.nationality ?? null, country: query.country ?? null,
    };
    return this.scored(subject, Math.min(threshold, SEARCH_FLOOR), limit, { ...options, datasets: query.datasets }).map((m) => ({
      ...m, explanation: m.explanation!, isMatch: m.score >= threshold,
    }));
  }

  private scored(subject: ScreeningSubject, threshold: number, limit: number, options: ScreeningQueryOptions & SearchOptions): ScreeningMatch[] {
    const q = nameTokens(subject.name, subject.schema);
    if (q.tokens.length === 0) return [];
    const part = this.partitions[subject.schema];
    const datasets = options.datasets?.length ? new Set(options.datasets) : null;
    const weakAliases = options.weakAliases ?? true;
    const weakKind = NAME_KINDS.indexOf('weakAlias');
    // entity -> [best name score, the name's index]
    const best = new Map<number, [number, number]>();
    const query = new QueryName(q, subject.schema);
    for (const nameIndex of part.candidates(q)) {
      const weak = part.nameKind[nameIndex] === weakKind;
      if (weak && !weakAliases) continue;
      const e = part.nameEntity[nameIndex]!;
      const listed = this.entities[e];
      // A removed entity (a delta's DEL) keeps its slot, empty.
      if (!listed) continue;
      if (datasets && !listed.datasets.some((d) => datasets.has(d))) continue;
      let sim = query.similarity(part.names[nameIndex]!);
      if (weak) sim *= WEAK_ALIAS_FACTOR;
      if (sim + MAX_BOOST < threshold) continue;
      if (sim > (best.get(e)?.[0] ?? -1)) best.set(e, [sim, nameIndex]);
    }
    const subjectCountries = countryCodes([subject.nationality, subject.country]);
    const out: ScreeningMatch[] = [];
    for (const [e, [sim, nameIndex]] of best) {
      const facts = this.entities[e];
      if (!facts || !matchCounts(facts, options)) continue;
      const c = corroborate(sim, subject.birthDate, facts.birthDates, subjectCountries, this.entityCountries[e]!, options.birthDateTolerance);
      if (c.score < threshold) continue;
      const detail = query.explain(part.names[nameIndex]!);
      const kind = NAME_KINDS[part.nameKind[nameIndex]!]!;
      const explanation: MatchExplanation = {
        name: { text: part.nameText[nameIndex]!, kind },
        tokens: detail.pairs,
        unmatched: { query: detail.unmatchedQuery, listed: detail.unmatchedCandidate },
        nameScore: Math.round(sim * 1000) / 1000,
        ...(c.birthDate ? { birthDate: c.birthDate } : {}),
        ...(c.nationality ? { nationality: c.nationality } : {}),
        score: c.score,
      };
      out.push({ ...facts, score: c.score, explanation });
    }
    out.sort((a, b) => b.score - a.score || a.entityId.localeCompare(b.entityId));
    return out.slice(0, limit);
  }
}
