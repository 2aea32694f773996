import { expect } from 'chai';
import {
  ageOn, DEFAULT_DECISION_POLICY, evaluatePolicy, validatePolicy, type DecisionPolicyDefinition, type PolicyFacts,
} from '../../src/policy/index';
import { rejection } from '../support/rejection';

/** The facts of a clean, low-risk company case, changed by `over`. */
const facts = (over: Partial<PolicyFacts> = {}): PolicyFacts => ({
  band: 'low', compositeScore: 5, hitsTotal: 0, hitsSanctioned: 0, hitsPep: 0, hitsUntriaged: 0, hitsTrueMatch: 0, hitsEscalate: 0, hitsFalsePositive: 0,
  sanctionedUnresolved: 0, sanctionedTrueMatch: 0, documentsTotal: 2, documentsInError: 0, documentsLowConfidence: 0, documentsPending: 0,
  lowestDocumentConfidence: 'High', country: 'GB', entityType: 'Private limited company', isIndividual: false, customerAge: null, aiRecommendation: null,
  idvAllPassed: true, idvAnyFailed: false, idvOutstanding: 0,
  ...over,
});
const P = DEFAULT_DECISION_POLICY;

describe('decision policy: evaluation', () => {
  it('the default policy routes by band, hits and documents; the first matching rule wins', async () => {
    const cases: [Partial<PolicyFacts>, string, number | null][] = [
      [{}, 'AUTO_APPROVE', 5],
      [{ band: 'prohibited', sanctionedTrueMatch: 1 }, 'DECLINE', 0],
      [{ sanctionedTrueMatch: 1, hitsTotal: 1 }, 'DECLINE', 1],
      [{ sanctionedUnresolved: 1, hitsTotal: 1, band: 'medium' }, 'REVIEW_LEVEL_2', 2],
      [{ band: 'high' }, 'REVIEW_LEVEL_2', 3],
      [{ band: 'medium' }, 'REVIEW_LEVEL_1', 4],
      [{ hitsTotal: 1, hitsPep: 1 }, 'REVIEW_LEVEL_1', null],
      [{ documentsLowConfidence: 1, lowestDocumentConfidence: 'Low' }, 'REVIEW_LEVEL_1', null],
      [{ documentsInError: 1 }, 'REVIEW_LEVEL_1', null],
      [{ idvAllPassed: false, idvAnyFailed: true }, 'REVIEW_LEVEL_1', null],
      [{ band: null, compositeScore: null }, 'REVIEW_LEVEL_1', null],
    ];
    for (const [over, outcome, index] of cases) {
      expect(await evaluatePolicy(P, facts(over)), JSON.stringify(over)).to.deep.equal({ outcome, matchedRuleIndex: index, gate: null });
    }
  });

  it('rules are ordered: when several match, the first in the list wins, whatever their outcomes', async () => {
    const policy: DecisionPolicyDefinition = {
      ...P,
      rules: [
        { name: 'never', conditions: { all: [{ fact: 'country', operator: 'equal', value: 'FR' }] }, outcome: 'DECLINE' },
        { name: 'any GB or DE', conditions: { any: [{ fact: 'country', operator: 'in', value: ['DE', 'GB'] }] }, outcome: 'REVIEW_LEVEL_2' },
        { name: 'low band', conditions: { all: [{ fact: 'band', operator: 'equal', value: 'low' }] }, outcome: 'AUTO_APPROVE' },
      ],
    };
    expect(await evaluatePolicy(policy, facts())).to.deep.equal({ outcome: 'REVIEW_LEVEL_2', matchedRuleIndex: 1, gate: null });
    const reordered = { ...policy, rules: [policy.rules[2]!, policy.rules[1]!] };
    expect(await evaluatePolicy(reordered, facts())).to.deep.equal({ outcome: 'AUTO_APPROVE', matchedRuleIndex: 0, gate: null });
    const notRule: DecisionPolicyDefinition = { ...policy, rules: [{ name: 'not GB', conditions: { not: { fact: 'country', operator: 'equal', value: 'GB' } }, outcome: 'DECLINE' }] };
    expect(await evaluatePolicy(notRule, facts()), 'no rule matched: the default branch').to.deep.equal({ outcome: 'REVIEW_LEVEL_1', matchedRuleIndex: null, gate: null });
    expect(await evaluatePolicy({ ...P, rules: [], defaultOutcome: 'REVIEW_LEVEL_2' }, facts())).to.deep.equal({ outcome: 'REVIEW_LEVEL_2', matchedRuleIndex: null, gate: null });
  });

  it('the age gate runs first: an individual under the minimum age is declined whatever the rules say', async () => {
    expect(await evaluatePolicy(P, facts({ isIndividual: true, customerAge: 17 }))).to.deep.equal({ outcome: 'DECLINE', matchedRuleIndex: null, gate: 'age_gate' });
    expect(await evaluatePolicy(P, facts({ isIndividual: true, customerAge: 18 }))).to.deep.equal({ outcome: 'AUTO_APPROVE', matchedRuleIndex: 5, gate: null });
    expect(await evaluatePolicy({ ...P, minimumAge: 21 }, facts({ isIndividual: true, customerAge: 20 }))).to.include({ gate: 'age_gate' });
    expect(await evaluatePolicy(P, facts({ isIndividual: true, customerAge: null })), 'unknown age: the rules decide').to.include({ gate: null });
    expect(await evaluatePolicy(P, facts({ isIndividual: false, customerAge: 12 })), 'a company is never gated').to.include({ gate: null });
  });

  it('ages are full years on the evaluation day (UTC)', () => {
    const at = new Date('2026-03-15T10:00:00Z');
    expect([ageOn('2008-03-15', at), ageOn('2008-03-16', at), ageOn('2008-02-29', at), ageOn('1970-12-31', at)]).to.deep.equal([18, 17, 18, 55]);
  });

  it('a policy is validated with every problem\'s path: known facts, built-in operators, plain values, outcomes', async () => {
    const err = await rejection(Promise.resolve().then(() => validatePolicy({
      name: '',
      defaultOutcome: 'MAYBE',
      minimumAge: 17.5,
      individualEntityTypes: ['individual'],
      rules: [
        { name: 'bad', conditions: { all: [{ fact: 'shoeSize', operator: 'equal', value: 1 }, { fact: 'band', operator: 'regex', value: { fact: 'country' } }] }, outcome: 'DECLINE' },
        { name: 'two keys', conditions: { all: [], any: [] }, outcome: 'REVIEW_LEVEL_3' },
        { name: 'leaf at top', conditions: { fact: 'band', operator: 'equal', value: 'low' }, outcome: 'DECLINE', extra: 1 },
      ],
    })));
    expect(err.code).to.equal('validation_failed');
    expect(err.extra.details).to.deep.equal([
      { path: 'name', message: 'must be text of 1 to 200 characters' },
      { path: 'defaultOutcome', message: 'must be one of AUTO_APPROVE, REVIEW_LEVEL_1, REVIEW_LEVEL_2, DECLINE' },
      { path: 'minimumAge', message: 'must be a whole number from 0 to 150' },
      { path: 'rules.0.conditions.all.0.fact', message: `must be one of ${Object.keys(facts()).join(', ')}` },
      { path: 'rules.0.conditions.all.1.operator', message: 'must be one of equal, notEqual, in, notIn, contains, doesNotContain, lessThan, lessThanInclusive, greaterThan, greaterThanInclusive' },
      { path: 'rules.0.conditions.all.1.value', message: 'must be a string, number, boolean, null or a list of those' },
      { path: 'rules.1.conditions', message: 'must have exactly one of all, any or not' },
      { path: 'rules.1.outcome', message: 'must be one of AUTO_APPROVE, REVIEW_LEVEL_1, REVIEW_LEVEL_2, DECLINE' },
      { path: 'rules.2.extra', message: 'is not one of name, conditions, outcome' },
      { path: 'rules.2.conditions', message: 'must be an object with exactly one of all, any or not' },
    ]);
    expect(validatePolicy(P)).to.deep.equal(P);
  });
});
