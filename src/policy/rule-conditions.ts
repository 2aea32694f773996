import { Engine } from 'json-rules-engine';
import { POLICY_OPERATORS, type PolicyConditions, type PolicyNode } from './decision-policy';

/**
 * The rules language of decision policies, for every feature that writes conditions over a case's facts
 * (the decision policy's rules, a work queue's conditions): json-rules-engine's JSON, restricted to `all`,
 * `any`, `not` and `{fact, operator, value}` with a known fact, a built-in operator and a plain value.
 */
export const MAX_NODES_PER_CONDITIONS = 100;
const MAX_DEPTH = 6;
const OPERATORS = new Set<string>(POLICY_OPERATORS);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Checks conditions at `path` against the facts the caller knows, reporting every problem with its path
 * through `fail`, and returns them normalised (meaningful only when nothing failed).
 */
export function validateConditions(
  path: string, input: unknown, facts: readonly string[], fail: (path: string, message: string) => void,
): PolicyConditions {
  const known = new Set(facts);
  const budget = { left: MAX_NODES_PER_CONDITIONS };
  const node = (p: string, v: unknown, depth: number): PolicyNode => {
    if (--budget.left < 0) {
      if (budget.left === -1) fail(p, `a rule may have at most ${MAX_NODES_PER_CONDITIONS} conditions`);
      return v as PolicyNode;
    }
    if (!isObject(v)) {
      fail(p, 'must be a condition object');
      return v as PolicyNode;
    }
    if ('all' in v || 'any' in v || 'not' in v) return group(p, v, depth);
    for (const k of Object.keys(v)) if (!['fact', 'operator', 'value'].includes(k)) fail(`${p}.${k}`, 'is not allowed (a condition has fact, operator and value)');
    if (typeof v.fact !== 'string' || !known.has(v.fact)) fail(`${p}.fact`, `must be one of ${facts.join(', ')}`);
    if (typeof v.operator !== 'string' || !OPERATORS.has(v.operator)) fail(`${p}.operator`, `must be one of ${POLICY_OPERATORS.join(', ')}`);
    if (!('value' in v) || !(isScalar(v.value) || (Array.isArray(v.value) && v.value.length <= 300 && v.value.every(isScalar)))) {
      fail(`${p}.value`, 'must be a string, number, boolean, null or a list of those');
    }
    return { fact: v.fact, operator: v.operator, value: v.value } as PolicyNode;
  };
  const group = (p: string, v: Record<string, unknown>, depth: number): PolicyConditions => {
    const keys = Object.keys(v);
    if (keys.length !== 1) {
      fail(p, 'must have exactly one of all, any or not');
      return v as PolicyConditions;
    }
    if (depth >= MAX_DEPTH) {
      fail(p, `conditions may nest at most ${MAX_DEPTH} deep`);
      return v as PolicyConditions;
    }
    if ('not' in v) return { not: node(`${p}.not`, v.not, depth + 1) };
    const key = keys[0] as 'all' | 'any';
    const list = v[key];
    if (!Array.isArray(list) || list.length === 0) {
      fail(`${p}.${key}`, 'must be a non-empty list of conditions');
      return v as PolicyConditions;
    }
    const items = list.map((c, i) => node(`${p}.${key}.${i}`, c, depth + 1));
    return (key === 'all' ? { all: items } : { any: items });
  };
  if (!isObject(input) || !('all' in input || 'any' in input || 'not' in input)) {
    fail(path, 'must be an object with exactly one of all, any or not');
    return input as PolicyConditions;
  }
  return group(path, input, 0);
}

/**
 * A matcher of validated conditions, built once (json-rules-engine's engine) and run per case: whether a
 * case's facts meet them. Every fact the conditions name must be supplied (null when unknown).
 */
export function conditionsMatcher(conditions: PolicyConditions): (facts: Record<string, unknown>) => Promise<boolean> {
  const engine = new Engine([{ name: 'conditions', conditions, event: { type: 'matched' } }], { allowUndefinedFacts: false });
  return async (facts) => (await engine.run({ ...facts })).results.length > 0;
}
