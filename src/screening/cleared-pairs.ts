import { createHash } from 'node:crypto';
import type { ScreeningMatch, ScreeningSubject } from './screening-provider';

/**
 * Cleared hits stay cleared: a subject and a watchlist entity a member dispositioned false_positive form a
 * cleared pair, with a snapshot (and its SHA-256 fingerprint) of both sides. A later screening skips a
 * candidate whose pair's fingerprints are unchanged, and raises it again, once, naming what changed, when
 * either side changed.
 */

/** What a clearing fingerprints of the watchlist entity. */
export interface EntitySnapshot {
  names: string[];
  aliases: string[];
  birthDates: string[];
  nationalities: string[];
  topics: string[];
  programs: string[];
  datasets: string[];
}

/** What a clearing fingerprints of the screened subject. */
export interface SubjectSnapshot {
  schema: 'Person' | 'Company';
  name: string;
  birthDate: string | null;
  nationality: string | null;
  country: string | null;
}

const sorted = (values: readonly string[] | undefined) => [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))].sort();
const lower = (values: readonly string[] | undefined) => sorted((values ?? []).map((v) => v.toLowerCase()));

/** A name as compared: lower case, diacritics folded, spaces collapsed. */
export const normalisedName = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The entity's side of a match (the provider's names and aliases when it gives them, else its caption). */
export function entitySnapshotOf(m: ScreeningMatch): EntitySnapshot {
  return {
    names: sorted(m.names?.length ? m.names : [m.caption]),
    aliases: sorted([...(m.aliases ?? []), ...(m.weakAliases ?? [])]),
    birthDates: sorted(m.birthDates),
    nationalities: lower([...m.nationality, ...m.countries]),
    topics: sorted(m.topics),
    programs: sorted(m.programs),
    datasets: sorted(m.datasets),
  };
}

export function subjectSnapshotOf(s: Pick<ScreeningSubject, 'schema' | 'name' | 'birthDate' | 'nationality' | 'country'>): SubjectSnapshot {
  return {
    schema: s.schema, name: normalisedName(s.name), birthDate: s.birthDate ?? null, nationality: s.nationality?.toUpperCase() ?? null,
    country: s.country?.toUpperCase() ?? null,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The fingerprint of a snapshot: SHA-256 of its JSON (keys in a fixed order, lists sorted). */
export const fingerprintOf = (snapshot: EntitySnapshot | SubjectSnapshot): string => sha256(JSON.stringify(snapshot));

/**
 * A subject's identity without the person registry: its schema, name, date of birth and nationality (a
 * company: its country) as a digest, so the same party on the tenant's next case finds its pairs.
 */
export function subjectDigestOf(s: SubjectSnapshot): string {
  return sha256(JSON.stringify([s.schema, s.name, s.birthDate, s.schema === 'Company' ? s.country : s.nationality]));
}

/** The key a pair is stored under: the person registry's person when the party is linked to one, else the digest. */
export const subjectKeyOf = (personId: number | null, digest: string): string => (personId !== null ? `person:${personId}` : `subject:${digest}`);

/** What changed between a pair's snapshots and now, in words (empty: nothing). */
export function changesBetween(
  before: { entity: EntitySnapshot; subject: SubjectSnapshot }, now: { entity: EntitySnapshot; subject: SubjectSnapshot },
): string[] {
  const out: string[] = [];
  const added = (label: string, a: readonly string[], b: readonly string[]) => {
    for (const v of b) if (!a.includes(v)) out.push(`${label} added: ${v}`);
  };
  const removed = (label: string, a: readonly string[], b: readonly string[]) => {
    for (const v of a) if (!b.includes(v)) out.push(`${label} removed: ${v}`);
  };
  const e0 = before.entity;
  const e1 = now.entity;
  added('name', e0.names, e1.names);
  removed('name', e0.names, e1.names);
  added('alias', e0.aliases, e1.aliases);
  removed('alias', e0.aliases, e1.aliases);
  if (e0.birthDates.join() !== e1.birthDates.join()) {
    out.push(`entity date of birth changed: ${e0.birthDates.join(', ') || 'none'} -> ${e1.birthDates.join(', ') || 'none'}`);
  }
  added('nationality', e0.nationalities, e1.nationalities);
  removed('nationality', e0.nationalities, e1.nationalities);
  added('topic', e0.topics, e1.topics);
  removed('topic', e0.topics, e1.topics);
  added('sanction programme', e0.programs, e1.programs);
  removed('sanction programme', e0.programs, e1.programs);
  added('dataset', e0.datasets, e1.datasets);
  removed('dataset', e0.datasets, e1.datasets);
  const s0 = before.subject;
  const s1 = now.subject;
  if (s0.name !== s1.name) out.push(`subject name changed: ${s0.name} -> ${s1.name}`);
  if (s0.birthDate !== s1.birthDate) out.push(`subject date of birth changed: ${s0.birthDate ?? 'none'} -> ${s1.birthDate ?? 'none'}`);
  if (s0.nationality !== s1.nationality) out.push(`subject nationality changed: ${s0.nationality ?? 'none'} -> ${s1.nationality ?? 'none'}`);
  if (s0.country !== s1.country) out.push(`subject country changed: ${s0.country ?? 'none'} -> ${s1.country ?? 'none'}`);
  return out.slice(0, 50);
}

/** A stored hit's sides as a clearing fingerprints them (the entity's stored snapshot, else what the hit kept of it). */
export function clearingOf(
  hit: {
    subjectName: string | null; subjectBirthDate: string | null; subjectNationality: string | null; subjectCountry: string | null;
    entitySchema: 'Person' | 'Company' | null; caption: string | null; entitySnapshot: EntitySnapshot | null; topics: string[]; nationality: string[];
    birthDates: string[]; countries: string[]; datasets: string[];
  },
  personId: number | null,
) {
  const subjectSnapshot = subjectSnapshotOf({
    schema: hit.entitySchema ?? 'Person', name: hit.subjectName ?? '', birthDate: hit.subjectBirthDate, nationality: hit.subjectNationality,
    country: hit.subjectCountry,
  });
  const entitySnapshot: EntitySnapshot = hit.entitySnapshot ?? {
    names: sorted([hit.caption ?? '']), aliases: [], birthDates: sorted(hit.birthDates), nationalities: lower([...hit.nationality, ...hit.countries]),
    topics: sorted(hit.topics), programs: [], datasets: sorted(hit.datasets),
  };
  const subjectDigest = subjectDigestOf(subjectSnapshot);
  return {
    subjectKey: subjectKeyOf(personId, subjectDigest), subjectDigest, subjectName: hit.subjectName, caption: hit.caption,
    subjectFingerprint: fingerprintOf(subjectSnapshot), entityFingerprint: fingerprintOf(entitySnapshot), subjectSnapshot, entitySnapshot,
  };
}
