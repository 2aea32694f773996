import { DomainError, type ValidationDetail } from '../errors';
import {
  DEFAULT_EDD_ITEMS, ROUTING_OUTCOMES, type DecisionPolicyDefinition, type EddItem, type EddItemsByBand, type PolicyRule, type RoutingOutcome,
} from './decision-policy';
import { POLICY_FACTS } from './policy-facts';
import { validateConditions } from './rule-conditions';

const MAX_RULES = 100;
const MAX_EDD_ITEMS_PER_BAND = 20;
const EDD_BANDS = ['low', 'medium', 'high', 'prohibited'] as const;
/** An EDD item's key (and an analyst's own requirement's): a lower-case slug. */
export const EDD_KEY_PATTERN = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a decision policy as a compliance admin sends it (or a draft for a dry run) and returns it
 * normalised. Conditions are json-rules-engine's, restricted to what a stored policy needs: `all`,
 * `any`, `not` and `{fact, operator, value}` with a known fact, a built-in operator and a plain value
 * (no fact references, paths or named conditions). Every problem is reported with its path.
 */
export function validatePolicy(input: unknown, keepEddItems: EddItemsByBand = DEFAULT_EDD_ITEMS): DecisionPolicyDefinition {
  const details: ValidationDetail[] = [];
  const fail = (path: string, message: string) => details.push({ path, message });
  if (!isObject(input)) throw DomainError.validation([{ path: '', message: 'must be a JSON object' }]);
  const known = ['name', 'rules', 'defaultOutcome', 'minimumAge', 'individualEntityTypes', 'eddItems'];
  for (const key of Object.keys(input)) if (!known.includes(key)) fail(key, 'is not a field of the decision policy');

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '' || name.length > 200) fail('name', 'must be text of 1 to 200 characters');
  const outcome = (path: string, v: unknown): RoutingOutcome => {
    if (!ROUTING_OUTCOMES.includes(v as RoutingOutcome)) fail(path, `must be one of ${ROUTING_OUTCOMES.join(', ')}`);
    return v as RoutingOutcome;
  };
  const defaultOutcome = outcome('defaultOutcome', input.defaultOutcome);
  const minimumAge = input.minimumAge;
  if (typeof minimumAge !== 'number' || !Number.isInteger(minimumAge) || minimumAge < 0 || minimumAge > 150) fail('minimumAge', 'must be a whole number from 0 to 150');
  let individualEntityTypes: string[] = [];
  if (!Array.isArray(input.individualEntityTypes) || input.individualEntityTypes.length > 50) fail('individualEntityTypes', 'must be a list of at most 50 entity types');
  else {
    individualEntityTypes = input.individualEntityTypes.map((t, i) => {
      if (typeof t !== 'string' || t.trim() === '' || t.length > 100) fail(`individualEntityTypes.${i}`, 'must be text of 1 to 100 characters');
      return typeof t === 'string' ? t.trim() : '';
    });
  }

  let rules: PolicyRule[] = [];
  if (!Array.isArray(input.rules) || input.rules.length > MAX_RULES) fail('rules', `must be a list of at most ${MAX_RULES} rules`);
  else {
    rules = input.rules.map((r, i): PolicyRule => {
      const path = `rules.${i}`;
      if (!isObject(r)) {
        fail(path, 'must be an object with name, conditions and outcome');
        return r as PolicyRule;
      }
      for (const k of Object.keys(r)) if (!['name', 'conditions', 'outcome'].includes(k)) fail(`${path}.${k}`, 'is not one of name, conditions, outcome');
      const ruleName = typeof r.name === 'string' ? r.name.trim() : '';
      if (ruleName === '' || ruleName.length > 200) fail(`${path}.name`, 'must be text of 1 to 200 characters');
      const conditions = validateConditions(`${path}.conditions`, r.conditions, POLICY_FACTS, fail);
      return { name: ruleName, conditions, outcome: outcome(`${path}.outcome`, r.outcome) };
    });
  }
  const eddItems = input.eddItems === undefined ? keepEddItems : validEddItems(input.eddItems, fail);
  if (details.length) throw DomainError.validation(details);
  return { name, rules, defaultOutcome, minimumAge: minimumAge as number, individualEntityTypes, eddItems };
}

/** The EDD items per band: every band present, each a list of {key (slug), label}, keys unique per band. */
function validEddItems(v: unknown, fail: (path: string, message: string) => void): EddItemsByBand {
  const out: EddItemsByBand = { low: [], medium: [], high: [], prohibited: [] };
  if (!isObject(v)) {
    fail('eddItems', `must be an object with a list of items for each band (${EDD_BANDS.join(', ')})`);
    return out;
  }
  for (const k of Object.keys(v)) if (!(EDD_BANDS as readonly string[]).includes(k)) fail(`eddItems.${k}`, `is not a band (${EDD_BANDS.join(', ')})`);
  for (const band of EDD_BANDS) {
    const list = v[band];
    if (!Array.isArray(list) || list.length > MAX_EDD_ITEMS_PER_BAND) {
      fail(`eddItems.${band}`, `must be a list of at most ${MAX_EDD_ITEMS_PER_BAND} items`);
      continue;
    }
    const seen = new Set<string>();
    out[band] = list.map((item, i): EddItem => {
      const path = `eddItems.${band}.${i}`;
      if (!isObject(item)) {
        fail(path, 'must be an object with key and label');
        return item as EddItem;
      }
      for (const k of Object.keys(item)) if (k !== 'key' && k !== 'label') fail(`${path}.${k}`, 'is not one of key, label');
      const key = typeof item.key === 'string' ? item.key : '';
      if (!EDD_KEY_PATTERN.test(key) || key.length > 64) fail(`${path}.key`, 'must be a slug of 1 to 64 characters (a-z, 0-9, _ or -)');
      else if (seen.has(key)) fail(`${path}.key`, `repeats the key ${key}`);
      seen.add(key);
      const label = typeof item.label === 'string' ? item.label.trim() : '';
      if (label === '' || label.length > 200) fail(`${path}.label`, 'must be text of 1 to 200 characters');
      return { key, label };
    });
  }
  return out;
}
