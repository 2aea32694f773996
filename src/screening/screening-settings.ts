import { DomainError, type ValidationDetail } from '../errors';
import { BIRTH_DATE_TOLERANCES, type BirthDateTolerance, type ScreeningQueryOptions } from './screening-provider';

/**
 * A tenant's screening settings (versioned like the risk model: each save a new version, audited):
 * the score a match needs, the OpenSanctions topics and the datasets that count (empty: all), how a date
 * of birth corroborates a name, and whether weak aliases may match.
 */
export interface ScreeningSettingsDefinition {
  matchThreshold: number;
  topics: string[];
  datasets: string[];
  birthDateTolerance: BirthDateTolerance;
  weakAliases: boolean;
}

/**
 * The OpenSanctions topics a tenant may choose (https://www.opensanctions.org/docs/topics/). A topic
 * covers its subtopics (`sanction` covers `sanction.linked`); PEP tiers are `role.pep` (the politically
 * exposed person) and `role.rca` (relatives and close associates).
 */
export const SCREENING_TOPICS = [
  'sanction', 'sanction.linked', 'sanction.counter', 'debarment', 'role.pep', 'role.rca', 'role.judi', 'role.oligarch', 'role.spy',
  'crime', 'crime.fraud', 'crime.cyber', 'crime.fin', 'crime.env', 'crime.theft', 'crime.war', 'crime.boss', 'crime.terror', 'crime.traffick',
  'wanted', 'poi', 'gov.soe', 'reg.action', 'reg.warn', 'export.control', 'asset.frozen', 'corp.offshore', 'corp.shell', 'corp.disqual',
] as const;

/** At most this many datasets in the settings. */
export const MAX_SETTINGS_DATASETS = 100;
const DATASET_NAME = /^[a-z0-9][a-z0-9_.-]{0,99}$/;

/** The settings of a tenant that never edited them: the configured threshold, every topic and dataset, the full date, no weak aliases. */
export const defaultScreeningSettings = (threshold: number): ScreeningSettingsDefinition => ({
  matchThreshold: threshold, topics: [], datasets: [], birthDateTolerance: 'exact', weakAliases: true,
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks settings as a compliance admin sends them and returns them normalised (topics and datasets
 * trimmed, deduplicated, in order). Every problem is reported with its path (`matchThreshold`,
 * `topics.2`, `datasets.0` ...); unknown fields are refused so that a typo cannot silently do nothing.
 */
export function validateScreeningSettings(input: unknown): ScreeningSettingsDefinition {
  const details: ValidationDetail[] = [];
  const fail = (path: string, message: string) => details.push({ path, message });
  if (!isObject(input)) throw DomainError.validation([{ path: '', message: 'must be an object' }]);
  const known = ['matchThreshold', 'topics', 'datasets', 'birthDateTolerance', 'weakAliases'];
  for (const key of Object.keys(input)) if (!known.includes(key)) fail(key, 'is not a screening setting');
  for (const key of known) if (!(key in input)) fail(key, 'is required');

  const t = input.matchThreshold;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0 || t > 1) fail('matchThreshold', 'must be a number from 0 to 1');

  const list = (path: string, v: unknown, ok: (s: string) => boolean, message: string, max: number): string[] => {
    if (!Array.isArray(v)) {
      fail(path, 'must be a list');
      return [];
    }
    if (v.length > max) fail(path, `must have at most ${max} entries`);
    const out: string[] = [];
    v.forEach((item, i) => {
      const s = typeof item === 'string' ? item.trim() : null;
      if (s === null || !ok(s)) fail(`${path}.${i}`, message);
      else if (!out.includes(s)) out.push(s);
    });
    return out;
  };
  const topics = list('topics', input.topics, (s) => (SCREENING_TOPICS as readonly string[]).includes(s),
    `must be an OpenSanctions topic: ${SCREENING_TOPICS.join(', ')}`, SCREENING_TOPICS.length);
  const datasets = list('datasets', input.datasets, (s) => DATASET_NAME.test(s), 'must be a dataset name (lower-case letters, digits, _ . -)', MAX_SETTINGS_DATASETS);
  if (!BIRTH_DATE_TOLERANCES.includes(input.birthDateTolerance as BirthDateTolerance)) {
    fail('birthDateTolerance', `must be one of ${BIRTH_DATE_TOLERANCES.join(', ')}`);
  }
  if (typeof input.weakAliases !== 'boolean') fail('weakAliases', 'must be true or false');
  if (details.length) throw DomainError.validation(details);
  return {
    matchThreshold: t as number, topics, datasets, birthDateTolerance: input.birthDateTolerance as BirthDateTolerance, weakAliases: input.weakAliases as boolean,
  };
}

/** The settings as a provider query's options. */
export const queryOptionsOf = (s: ScreeningSettingsDefinition): ScreeningQueryOptions => ({
  threshold: s.matchThreshold, topics: s.topics, datasets: s.datasets, birthDateTolerance: s.birthDateTolerance, weakAliases: s.weakAliases,
});
