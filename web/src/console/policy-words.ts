// The decision policy's rules language in words: one vocabulary for every place a rule is read (the Decision
// policy page, its form, the case page's routing facts). Each fact of src/policy/policy-facts.ts has a name in
// words; the named conditions of the policy form ("any sanctioned hit confirmed", "every person's identity
// verified", "risk band is high", "country is one of …") are templates that read a condition and write it back
// exactly as the JSON view would. A condition no template reads is still said in words (generic "fact operator
// value") and is kept as it is.
import { countryName } from '../portal/countries';

/** A leaf condition of json-rules-engine, as the server stores it. */
export interface Leaf {
  fact: string;
  operator: string;
  value: unknown;
}
export type PolicyNode = Leaf | { all: PolicyNode[] } | { any: PolicyNode[] } | { not: PolicyNode };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isLeaf = (v: unknown): v is Leaf => isRecord(v) && typeof v.fact === 'string' && typeof v.operator === 'string' && 'value' in v;

/** Every fact a rule may name, in words (the noun phrase a generic condition starts with). */
export const FACT_WORDS: Record<string, string> = {
  band: 'risk band',
  compositeScore: 'risk score',
  hitsTotal: 'number of screening hits',
  hitsSanctioned: 'number of sanctions hits',
  hitsPep: 'number of PEP hits',
  hitsUntriaged: 'number of hits not yet triaged',
  hitsTrueMatch: 'number of hits confirmed as true matches',
  hitsEscalate: 'number of escalated hits',
  hitsFalsePositive: 'number of hits dismissed as false positives',
  sanctionedUnresolved: 'number of sanctions hits not yet resolved',
  sanctionedTrueMatch: 'number of confirmed sanctions hits',
  documentsTotal: 'number of documents',
  documentsInError: 'number of documents in error',
  documentsLowConfidence: 'number of documents read with low confidence',
  documentsPending: 'number of documents still being read',
  lowestDocumentConfidence: 'lowest document confidence',
  country: 'country',
  entityType: 'entity type',
  isIndividual: 'customer is an individual',
  customerAge: "customer's age",
  aiRecommendation: "AI review's recommendation",
  idvAllPassed: "every person's identity verified",
  idvAnyFailed: 'an identity check failed',
  idvOutstanding: 'number of identity checks outstanding',
};

/** A fact's name in words (its own name when unknown: a policy stored with a newer fact). */
export const factWords = (fact: string) => FACT_WORDS[fact] ?? fact;

export const OPERATOR_WORDS: Record<string, string> = {
  equal: 'is', notEqual: 'is not', in: 'is one of', notIn: 'is not one of', contains: 'contains', doesNotContain: 'does not contain',
  lessThan: 'is less than', lessThanInclusive: 'is at most', greaterThan: 'is more than', greaterThanInclusive: 'is at least',
};

export const BAND_WORDS: Record<string, string> = { low: 'low', medium: 'medium', high: 'high', prohibited: 'prohibited' };
export const BANDS = ['low', 'medium', 'high', 'prohibited'] as const;
export const AI_RECOMMENDATIONS = ['Approve', 'Refer', 'Decline'] as const;

/** A value in words: countries by name, bands as words, empty for null, lists joined with "or". */
function valueWords(fact: string, v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => valueWords(fact, x)).join(', ');
  if (v === null) return 'unknown';
  if (fact === 'country' && typeof v === 'string') return countryName(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** A named condition of the form: how it reads a leaf, writes one, and says it. */
export interface Template {
  id: string;
  /** How the form's condition picker names it. */
  label: string;
  /** What the condition needs besides its name. */
  param: 'none' | 'bands' | 'countries' | 'number' | 'recommendation';
  /** The parameter the leaf holds (null: this template does not read it). */
  read(leaf: Leaf): { p: Param } | null;
  write(param: Param): Leaf;
  words(param: Param): string;
}

/** A template's parameter: a list (bands, countries), a number, or text; `single` keeps a one-item list written as `equal`. */
export type Param = { list: string[]; single: boolean } | { number: number } | { text: string } | null;

const same = (a: Leaf, b: Leaf) => a.fact === b.fact && a.operator === b.operator && JSON.stringify(a.value) === JSON.stringify(b.value);

/** A condition with no parameter: exactly one leaf. */
function fixed(id: string, label: string, leaf: Leaf): Template {
  return { id, label, param: 'none', read: (l) => (same(l, leaf) ? { p: null } : null), write: () => leaf, words: () => label };
}

/** "fact is one of …" / "fact is not one of …": a list, written as equal / notEqual when it has one item and the condition was (or is new). */
function listOf(id: string, label: string, fact: string, negated: boolean, param: 'bands' | 'countries', wordsOf: (list: string[]) => string): Template {
  const [one, many] = negated ? ['notEqual', 'notIn'] : ['equal', 'in'];
  return {
    id, label, param,
    read: (l) => {
      if (l.fact !== fact) return null;
      if (l.operator === one && typeof l.value === 'string') return { p: { list: [l.value], single: true } };
      if (l.operator === many && Array.isArray(l.value) && l.value.every((x) => typeof x === 'string')) return { p: { list: l.value as string[], single: false } };
      return null;
    },
    write: (p) => {
      const list = p && 'list' in p ? p.list : [];
      return list.length === 1 && p && 'single' in p && p.single ? { fact, operator: one!, value: list[0] } : { fact, operator: many!, value: list };
    },
    words: (p) => wordsOf(p && 'list' in p ? p.list : []),
  };
}

function numberOf(id: string, label: string, fact: string, operator: string, wordsOf: (n: number) => string): Template {
  return {
    id, label, param: 'number',
    read: (l) => (l.fact === fact && l.operator === operator && typeof l.value === 'number' ? { p: { number: l.value } } : null),
    write: (p) => ({ fact, operator, value: p && 'number' in p ? p.number : 0 }),
    words: (p) => wordsOf(p && 'number' in p ? p.number : 0),
  };
}

const either = (list: string[], words: (x: string) => string) =>
  list.length <= 1 ? list.map(words).join('') : `${list.slice(0, -1).map(words).join(', ')} or ${words(list.at(-1)!)}`;

/** The named conditions, in the order the form's picker lists them. */
export const TEMPLATES: readonly Template[] = [
  fixed('sanctionConfirmed', 'any sanctioned hit confirmed', { fact: 'sanctionedTrueMatch', operator: 'greaterThan', value: 0 }),
  fixed('noSanctionConfirmed', 'no sanctioned hit confirmed', { fact: 'sanctionedTrueMatch', operator: 'equal', value: 0 }),
  fixed('sanctionUnresolved', 'any sanctions hit not yet resolved', { fact: 'sanctionedUnresolved', operator: 'greaterThan', value: 0 }),
  fixed('noHits', 'no screening hits', { fact: 'hitsTotal', operator: 'equal', value: 0 }),
  fixed('anyHit', 'any screening hit', { fact: 'hitsTotal', operator: 'greaterThan', value: 0 }),
  fixed('anyPep', 'any PEP hit', { fact: 'hitsPep', operator: 'greaterThan', value: 0 }),
  fixed('anyUntriaged', 'any hit not yet triaged', { fact: 'hitsUntriaged', operator: 'greaterThan', value: 0 }),
  fixed('anyTrueMatch', 'any hit confirmed as a true match', { fact: 'hitsTrueMatch', operator: 'greaterThan', value: 0 }),
  fixed('noDocumentErrors', 'no document in error', { fact: 'documentsInError', operator: 'equal', value: 0 }),
  fixed('documentErrors', 'any document in error', { fact: 'documentsInError', operator: 'greaterThan', value: 0 }),
  fixed('noLowConfidence', 'no document read with low confidence', { fact: 'documentsLowConfidence', operator: 'equal', value: 0 }),
  fixed('noDocumentsPending', 'no document still being read', { fact: 'documentsPending', operator: 'equal', value: 0 }),
  fixed('idvAllPassed', "every person's identity verified", { fact: 'idvAllPassed', operator: 'equal', value: true }),
  fixed('idvNotAllPassed', "not every person's identity verified yet", { fact: 'idvAllPassed', operator: 'equal', value: false }),
  fixed('idvAnyFailed', 'any identity check failed', { fact: 'idvAnyFailed', operator: 'equal', value: true }),
  fixed('idvOutstanding', 'any identity check still outstanding', { fact: 'idvOutstanding', operator: 'greaterThan', value: 0 }),
  fixed('individual', 'the customer is an individual', { fact: 'isIndividual', operator: 'equal', value: true }),
  fixed('company', 'the customer is a company', { fact: 'isIndividual', operator: 'equal', value: false }),
  listOf('bandIs', 'risk band is …', 'band', false, 'bands', (l) => `risk band is ${either(l, (b) => BAND_WORDS[b] ?? b) || '(choose a band)'}`),
  listOf('bandIsNot', 'risk band is not …', 'band', true, 'bands', (l) => `risk band is not ${either(l, (b) => BAND_WORDS[b] ?? b) || '(choose a band)'}`),
  listOf('countryIn', 'country is one of …', 'country', false, 'countries', (l) => (l.length === 1 ? `country is ${countryName(l[0])}` : `country is one of ${l.map(countryName).join(', ') || '(choose countries)'}`)),
  listOf('countryNotIn', 'country is not one of …', 'country', true, 'countries', (l) => (l.length === 1 ? `country is not ${countryName(l[0])}` : `country is not one of ${l.map(countryName).join(', ') || '(choose countries)'}`)),
  numberOf('scoreAtLeast', 'risk score is at least …', 'compositeScore', 'greaterThanInclusive', (n) => `risk score is at least ${n}`),
  numberOf('scoreBelow', 'risk score is below …', 'compositeScore', 'lessThan', (n) => `risk score is below ${n}`),
  numberOf('ageBelow', "the customer's age is below …", 'customerAge', 'lessThan', (n) => `the customer's age is below ${n}`),
  {
    id: 'aiRecommends', label: 'the AI review recommends …', param: 'recommendation',
    read: (l) => (l.fact === 'aiRecommendation' && l.operator === 'equal' && typeof l.value === 'string' ? { p: { text: l.value } } : null),
    write: (p) => ({ fact: 'aiRecommendation', operator: 'equal', value: p && 'text' in p ? p.text : 'Approve' }),
    words: (p) => `the AI review recommends “${p && 'text' in p ? p.text : ''}”`,
  },
];

/** The template that reads `leaf`, and its parameter; null when none does (the condition is kept as it is). */
export function templateOf(leaf: Leaf): { template: Template; param: Param } | null {
  for (const template of TEMPLATES) {
    const read = template.read(leaf);
    if (read) return { template, param: read.p };
  }
  return null;
}

/** One condition in words: the named condition's, else "fact operator value" ("number of documents is more than 3"). */
export function leafWords(leaf: Leaf): string {
  const named = templateOf(leaf);
  if (named) return named.template.words(named.param);
  return `${factWords(leaf.fact)} ${OPERATOR_WORDS[leaf.operator] ?? leaf.operator} ${valueWords(leaf.fact, leaf.value)}`;
}

/** Conditions in words on one line: groups as "all of (…)", "any of (…)", "not (…)". */
export function conditionsWords(node: unknown): string {
  if (isLeaf(node)) return leafWords(node);
  if (!isRecord(node)) return JSON.stringify(node);
  if (Array.isArray(node.all)) return node.all.length === 1 ? conditionsWords(node.all[0]) : `all of (${node.all.map(conditionsWords).join('; ')})`;
  if (Array.isArray(node.any)) return node.any.length === 1 ? conditionsWords(node.any[0]) : `any of (${node.any.map(conditionsWords).join('; ')})`;
  if ('not' in node) return `not (${conditionsWords(node.not)})`;
  return JSON.stringify(node);
}

/** A policy fact's value in words, for the "facts the rules saw" lists. */
export function factValueWords(fact: string, value: unknown): string {
  return valueWords(fact, value);
}
