import type { ScreeningMatch } from './screening-provider';

/**
 * FollowTheMoney (FtM), the entity format of OpenSanctions: one JSON object per entity with `id`, `schema`,
 * `caption`, `properties` (every value a list of strings) and `datasets`. The same shape comes from the
 * JSON-lines export (the local watchlist) and from yente's `/match` results, so both providers map it here.
 */
export interface FtmEntity {
  id: string;
  schema: string;
  caption?: string;
  properties: Record<string, unknown>;
  datasets?: unknown;
}

/** The FtM schemata a screening subject can match: a Person, or any legal body as a Company. Others (Vessel, Sanction ...) are not parties. */
export function screeningSchemaOf(schema: string): 'Person' | 'Company' | null {
  if (schema === 'Person') return 'Person';
  if (schema === 'Company' || schema === 'Organization' || schema === 'LegalEntity' || schema === 'PublicBody') return 'Company';
  return null;
}

/** The string values of one FtM property (nested entities and non-strings are left out). */
export function ftmValues(entity: FtmEntity, prop: string): string[] {
  const raw = entity.properties?.[prop];
  if (!Array.isArray(raw)) return [];
  return raw.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/**
 * OpenSanctions topics: any `sanction*` topic (sanction, sanction.linked, sanction.counter) flags a
 * sanctioned entity; `role.pep` (politically exposed person) and `role.rca` (their relatives and close
 * associates) flag a PEP.
 */
export function flagsOfTopics(topics: readonly string[]): { isSanctioned: boolean; isPep: boolean } {
  return {
    isSanctioned: topics.some((t) => t === 'sanction' || t.startsWith('sanction.')),
    isPep: topics.some((t) => t === 'role.pep' || t === 'role.rca'),
  };
}

const uniqueLower = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))];

/** A watchlist entity as a ScreeningMatch with the given score; null for a schema that is not a party. */
export function matchOfFtmEntity(entity: FtmEntity, score: number): ScreeningMatch | null {
  const schema = screeningSchemaOf(entity.schema);
  if (!schema) return null;
  const topics = ftmValues(entity, 'topics');
  const names = ftmValues(entity, 'name');
  return {
    entityId: entity.id,
    caption: typeof entity.caption === 'string' && entity.caption ? entity.caption : (names[0] ?? entity.id),
    schema,
    score,
    topics,
    positions: ftmValues(entity, 'position'),
    nationality: uniqueLower([...ftmValues(entity, 'nationality'), ...ftmValues(entity, 'citizenship')]),
    birthDates: ftmValues(entity, 'birthDate'),
    countries: uniqueLower([...ftmValues(entity, 'country'), ...ftmValues(entity, 'jurisdiction')]),
    datasets: Array.isArray(entity.datasets) ? entity.datasets.filter((d): d is string => typeof d === 'string') : [],
    ...flagsOfTopics(topics),
    names,
    aliases: [...ftmValues(entity, 'alias'), ...ftmValues(entity, 'previousName')],
    weakAliases: ftmValues(entity, 'weakAlias'),
    programs: [...ftmValues(entity, 'programId'), ...ftmValues(entity, 'program')],
  };
}
