import { DomainError, type ValidationDetail } from '../errors';
import { COUNTRY_CODES } from '../countries';
import {
  BANDS, COUNTRY_LEVELS, HIT_KINDS, RISK_FACTORS, RISK_LEVELS,
  type KeywordLevel, type RiskLevel, type RiskModelDefinition,
} from './risk-model';

const MAX_KEYWORDS = 200;
const COUNTRIES = new Set(COUNTRY_CODES);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a risk model definition as a compliance admin sends it and returns it normalised (country
 * codes upper case, keywords trimmed). Every problem is reported with its path (`weights.country`,
 * `countries.XX`, `bands.high` ...); unknown keys are refused so that a typo cannot silently do nothing.
 */
export function validateRiskModel(input: unknown): RiskModelDefinition {
  const details: ValidationDetail[] = [];
  const fail = (path: string, message: string) => details.push({ path, message });
  if (!isObject(input)) throw DomainError.validation([{ path: '', message: 'must be a JSON object' }]);

  const known = new Set(['weights', 'countries', 'unlistedCountryLevel', 'industries', 'unlistedIndustryLevel', 'entityTypes',
    'unlistedEntityTypeLevel', 'ownership', 'screening', 'internationalLevel', 'bands', 'bandLabels']);
  for (const key of Object.keys(input)) if (!known.has(key)) fail(key, 'is not a field of the risk model');

  const number = (path: string, v: unknown, min: number, max: number): number => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
      fail(path, `must be a number from ${min} to ${max}`);
      return 0;
    }
    return v;
  };
  const level = (path: string, v: unknown): RiskLevel => {
    if (!RISK_LEVELS.includes(v as RiskLevel)) fail(path, `must be one of ${RISK_LEVELS.join(', ')}`);
    return v as RiskLevel;
  };
  const exactKeys = (path: string, v: unknown, keys: readonly string[]): Record<string, unknown> => {
    if (!isObject(v)) {
      fail(path, `must be an object with ${keys.join(', ')}`);
      return {};
    }
    for (const k of keys) if (!(k in v)) fail(`${path}.${k}`, 'is required');
    for (const k of Object.keys(v)) if (!keys.includes(k)) fail(`${path}.${k}`, `is not one of ${keys.join(', ')}`);
    return v;
  };

  const w = exactKeys('weights', input.weights, RISK_FACTORS);
  const weights = Object.fromEntries(RISK_FACTORS.map((f) => [f, number(`weights.${f}`, w[f], 0, 100)])) as RiskModelDefinition['weights'];
  const sum = Object.values(weights).reduce((a, b) => a + b, 0);
  if (isObject(input.weights) && Math.abs(sum - 100) > 1e-9) fail('weights', `must add up to 100 (they add up to ${Number(sum.toFixed(4))})`);

  const countries: Record<string, (typeof COUNTRY_LEVELS)[number]> = {};
  if (!isObject(input.countries)) fail('countries', 'must be an object of ISO 3166-1 alpha-2 code -> low, medium, high or prohibited');
  else {
    for (const [code, value] of Object.entries(input.countries)) {
      const upper = code.trim().toUpperCase();
      if (!COUNTRIES.has(upper)) fail(`countries.${code}`, 'is not an ISO 3166-1 alpha-2 country code');
      else if (!COUNTRY_LEVELS.includes(value as never)) fail(`countries.${code}`, `must be one of ${COUNTRY_LEVELS.join(', ')}`);
      else countries[upper] = value as (typeof COUNTRY_LEVELS)[number];
    }
  }

  const keywords = (path: string, v: unknown): KeywordLevel[] => {
    if (!Array.isArray(v) || v.length > MAX_KEYWORDS) {
      fail(path, `must be a list of at most ${MAX_KEYWORDS} {match, level}`);
      return [];
    }
    return v.map((item, i) => {
      const o = exactKeys(`${path}.${i}`, item, ['match', 'level']);
      const match = typeof o.match === 'string' ? o.match.trim() : '';
      if (match === '' || match.length > 100) fail(`${path}.${i}.match`, 'must be text of 1 to 100 characters');
      return { match, level: level(`${path}.${i}.level`, o.level) };
    });
  };

  const ownership = exactKeys('ownership', input.ownership, ['untracedMediumPercent', 'untracedHighPercent']);
  const untracedMediumPercent = number('ownership.untracedMediumPercent', ownership.untracedMediumPercent, 0, 100);
  const untracedHighPercent = number('ownership.untracedHighPercent', ownership.untracedHighPercent, 0, 100);
  if (untracedHighPercent < untracedMediumPercent) fail('ownership.untracedHighPercent', 'must not be below untracedMediumPercent');

  const s = exactKeys('screening', input.screening, HIT_KINDS);
  const screening = Object.fromEntries(HIT_KINDS.map((kind) => {
    const o = exactKeys(`screening.${kind}`, s[kind], ['true_match', 'escalate', 'untriaged']);
    return [kind, {
      true_match: number(`screening.${kind}.true_match`, o.true_match, 0, 100),
      escalate: number(`screening.${kind}.escalate`, o.escalate, 0, 100),
      untriaged: number(`screening.${kind}.untriaged`, o.untriaged, 0, 100),
    }];
  })) as RiskModelDefinition['screening'];

  const b = exactKeys('bands', input.bands, ['medium', 'high', 'prohibited']);
  const bands = {
    medium: number('bands.medium', b.medium, 0, 100),
    high: number('bands.high', b.high, 0, 100),
    prohibited: b.prohibited === null ? null : number('bands.prohibited', b.prohibited, 0, 100),
  };
  if (bands.high < bands.medium) fail('bands.high', 'must not be below bands.medium');
  if (bands.prohibited !== null && bands.prohibited < bands.high) fail('bands.prohibited', 'must be null or not below bands.high');

  const l = exactKeys('bandLabels', input.bandLabels, BANDS);
  const bandLabels = Object.fromEntries(BANDS.map((band) => {
    const v = l[band];
    if (typeof v !== 'string' || v.trim() === '' || v.length > 64) fail(`bandLabels.${band}`, 'must be text of 1 to 64 characters');
    return [band, typeof v === 'string' ? v.trim() : ''];
  })) as RiskModelDefinition['bandLabels'];

  const definition: RiskModelDefinition = {
    weights,
    countries,
    unlistedCountryLevel: level('unlistedCountryLevel', input.unlistedCountryLevel),
    industries: keywords('industries', input.industries),
    unlistedIndustryLevel: level('unlistedIndustryLevel', input.unlistedIndustryLevel),
    entityTypes: keywords('entityTypes', input.entityTypes),
    unlistedEntityTypeLevel: level('unlistedEntityTypeLevel', input.unlistedEntityTypeLevel),
    ownership: { untracedMediumPercent, untracedHighPercent },
    screening,
    internationalLevel: level('internationalLevel', input.internationalLevel),
    bands,
    bandLabels,
  };
  if (details.length) throw DomainError.validation(details);
  return definition;
}
