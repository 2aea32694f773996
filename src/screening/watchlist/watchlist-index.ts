import { ftmValues, matchOfFtmEntity, type FtmEntity } from '../ftm';
import type { ScreeningMatch, ScreeningSubject } from '../screening-provider';
import { birthDateAdjustment, countryAdjustment, DOB_EXACT, COUNTRY_AGREES } from './corroboration';
import { QueryName } from './name-similarity';
import { nameTokens, type NameTokens } from './name-tokens';

/** Names fully scored per query, at most: the ones sharing the most (and rarest) tokens with it. */
const MAX_CANDIDATES = 100;
/**
 * Postings read per query, at most, beyond the two rarest keys: a very common key ("mohammed", "john") is
 * left out when rarer keys of the query already narrow the search, so that a query never walks a large
 * share of the list.
 */
const POSTINGS_BUDGET = 50_000;
/** The most a corroborating feature can add: a name this far below the threshold cannot make it. */
const MAX_BOOST = DOB_EXACT + COUNTRY_AGREES;

type EntityFacts = Omit<ScreeningMatch, 'score'>;

/** One schema's part of the index (a Person subject is only ever compared with Person entities). */
class Partition {
  readonly names: NameTokens[] = [];
  readonly nameEntity: number[] = [];
  /** Blocking index: token key (Double Metaphone code, or the digits of a number) -> the names having it. */
  readonly postings = new Map<string, number[]>();
  private scratch = new Float64Array(0);

  add(entityIndex: number, tokens: NameTokens): void {
    const nameIndex = this.names.length;
    this.names.push(tokens);
    this.nameEntity.push(entityIndex);
    for (const key of keysOf(tokens)) {
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
    const keyed = [...keysOf(q)].map((k) => this.postings.get(k)).filter((l): l is number[] => l !== undefined);
    if (keyed.length === 0) return [];
    keyed.sort((a, b) => a.length - b.length);
    let read = 0;
    const touched: number[] = [];
    for (let k = 0; k < keyed.length; k++) {
      const list = keyed[k]!;
      read += list.length;
      if (k >= 2 && read > POSTINGS_BUDGET) break;
      const idf = Math.log(1 + n / list.length);
      for (const nameIndex of list) {
        if (acc[nameIndex] === 0) touched.push(nameIndex);
        acc[nameIndex] += idf;
      }
    }
    const chosen = touched.length <= MAX_CANDIDATES ? touched.slice() : topByScore(touched, acc, MAX_CANDIDATES);
    for (const i of touched) acc[i] = 0;
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
 * A name's blocking keys: each token's Double Metaphone code (the digits of a number), and for longer
 * words also the first four letters of its skeleton, so that a typo that changes how a word sounds still
 * shares a key with the listed spelling.
 */
function* keysOf(t: NameTokens): Iterable<string> {
  const seen = new Set<string>();
  for (const tok of t.tokens) {
    for (const key of [tok.phonetic || (tok.text.length > 1 ? tok.text : ''), tok.skeleton.length >= 5 ? `^${tok.skeleton.slice(0, 4)}` : '']) {
      if (key && !seen.has(key)) {
        seen.add(key);
        yield key;
      }
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
    const names = [...ftmValues(entity, 'name'), ...ftmValues(entity, 'alias'), ...ftmValues(entity, 'previousName')];
    if (facts.schema === 'Person' && names.length === 0) {
      const full = [...ftmValues(entity, 'firstName').slice(0, 1), ...ftmValues(entity, 'lastName').slice(0, 1)].join(' ');
      if (full) names.push(full);
    }
    const seen = new Set<string>();
    const tokenised: NameTokens[] = [];
    for (const name of names) {
      const t = nameTokens(name, facts.schema);
      if (t.tokens.length === 0 || seen.has(t.tokens.map((x) => x.text).join(' '))) continue;
      seen.add(t.tokens.map((x) => x.text).join(' '));
      tokenised.push(t);
    }
    if (tokenised.length === 0) return false;
    const entityIndex = this.entities.length;
    const { score: _score, ...rest } = facts;
    this.entities.push(rest);
    this.byId.set(rest.entityId, entityIndex);
    this.entityCountries.push(countryCodes([...facts.nationality, ...facts.countries]));
    for (const t of tokenised) this.partitions[facts.schema].add(entityIndex, t);
    return true;
  }

  /** The entities matching the subject at or above `threshold` (0..1), best first, at most `limit`. */
  search(subject: ScreeningSubject, threshold: number, limit: number): ScreeningMatch[] {
    const q = nameTokens(subject.name, subject.schema);
    if (q.tokens.length === 0) return [];
    const part = this.partitions[subject.schema];
    const best = new Map<number, number>();
    const query = new QueryName(q);
    for (const nameIndex of part.candidates(q)) {
      const sim = query.similarity(part.names[nameIndex]!);
      if (sim + MAX_BOOST < threshold) continue;
      const e = part.nameEntity[nameIndex]!;
      if (this.entities[e] === null) continue;
      if (sim > (best.get(e) ?? -1)) best.set(e, sim);
    }
    const subjectCountries = countryCodes([subject.nationality, subject.country]);
    const out: ScreeningMatch[] = [];
    for (const [e, sim] of best) {
      const facts = this.entities[e];
      if (!facts) continue;
      const adjusted = sim + birthDateAdjustment(subject.birthDate, facts.birthDates) + countryAdjustment(subjectCountries, this.entityCountries[e]!);
      const score = Math.round(Math.min(1, Math.max(0, adjusted)) * 1000) / 1000;
      if (score >= threshold) out.push({ ...facts, score });
    }
    out.sort((a, b) => b.score - a.score || a.entityId.localeCompare(b.entityId));
    return out.slice(0, limit);
  }
}
