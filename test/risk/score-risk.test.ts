import { expect } from 'chai';
import { bandOf, DEFAULT_RISK_MODEL, scoreRisk, type CaseFacts, type RiskModelDefinition } from '../../src/risk/index';

/** A clean case's facts (every factor low), changed by `over`. */
function facts(over: Partial<CaseFacts> = {}): CaseFacts {
  return {
    casePk: 1, caseId: 'CS-2026-00001', status: 'in_review', companyName: 'Clean Ltd', customerEmail: null, country: 'GB', entityType: 'Private limited company',
    industrySector: 'Software', businessActivity: 'Software licences', transactsInternationally: false, internationalCountries: [], hasUbos: true,
    parties: [{ kind: 'ubo', name: 'Uma', email: null, ownershipPercent: 100, nationality: 'GB', countryOfResidence: 'GB', idCountry: null, dateOfBirth: null }],
    hits: [], documents: [], riskBand: null, riskScore: null,
    ...over,
  };
}
const factor = (model: RiskModelDefinition, f: CaseFacts, key: string) => scoreRisk(model, f).factors.find((x) => x.factor === key)!;
const M = DEFAULT_RISK_MODEL;
const hit = (over: Partial<CaseFacts['hits'][number]>) => ({ hitId: 'h1', isPep: false, isSanctioned: false, isAdverseMedia: false, outcome: 'untriaged' as const, ...over });

describe('risk engine: scoring', () => {
  it('a clean case scores 0, band low, with every factor listed with its weight', () => {
    const r = scoreRisk(M, facts());
    expect(r).to.include({ compositeScore: 0, band: 'low', bandLabel: 'Low risk', prohibitedBy: null });
    expect(r.factors.map((f) => [f.factor, f.weight, f.points])).to.deep.equal([
      ['country', 25, 0], ['industry', 15, 0], ['entityType', 10, 0], ['ownership', 15, 0], ['screening', 25, 0], ['international', 5, 0], ['documents', 5, 0],
    ]);
  });

  it('bands start exactly at their thresholds', () => {
    const model = { ...M, bands: { medium: 30, high: 60, prohibited: 90 } };
    expect([0, 29.99, 30, 59.99, 60, 89.99, 90, 100].map((s) => bandOf(model, s))).to.deep.equal(
      ['low', 'low', 'medium', 'medium', 'high', 'high', 'prohibited', 'prohibited'],
    );
    expect(bandOf(M, 100), 'prohibited threshold null: never by score').to.equal('high');
  });

  it('country: the company country\'s level from the tenant list (names as their codes), unlisted countries at the unlisted level', () => {
    expect(factor(M, facts({ country: 'AE' }), 'country')).to.include({ score: 50, points: 12.5 });
    expect(factor(M, facts({ country: 'Russian Federation' }), 'country')).to.include({ score: 100, points: 25 });
    expect(factor({ ...M, unlistedCountryLevel: 'medium' }, facts({ country: 'FR' }), 'country')).to.include({ score: 50 });
  });

  it('industry and entity type: the first keyword that starts a word of the text', () => {
    expect(factor(M, facts({ industrySector: 'Online gambling' }), 'industry')).to.include({ score: 100, points: 15 });
    expect(factor(M, facts({ industrySector: null, businessActivity: 'Oil and gas exploration' }), 'industry')).to.include({ score: 50 });
    expect(factor(M, facts({ industrySector: 'Soil testing' }), 'industry'), 'oil is not a word start of soil').to.include({ score: 0 });
    expect(factor(M, facts({ entityType: 'Discretionary trust' }), 'entityType')).to.include({ score: 100, points: 10 });
    expect(factor(M, facts({ entityType: 'Limited partnership' }), 'entityType')).to.include({ score: 50, points: 5 });
  });

  it('ownership: an offshore UBO is high; otherwise the share not traced to a declared UBO', () => {
    const ubo = facts().parties[0]!;
    expect(factor(M, facts({ parties: [{ ...ubo, countryOfResidence: 'KY' }] }), 'ownership')).to.include({ score: 100, points: 15 });
    expect(factor(M, facts({ parties: [{ ...ubo, ownershipPercent: 60 }] }), 'ownership')).to.include({ score: 50 });
    expect(factor(M, facts({ parties: [{ ...ubo, ownershipPercent: 50 }] }), 'ownership')).to.include({ score: 100 });
    expect(factor(M, facts({ parties: [{ ...ubo, ownershipPercent: 76 }] }), 'ownership')).to.include({ score: 0 });
    expect(factor(M, facts({ parties: [], hasUbos: false }), 'ownership')).to.include({ score: 0 });
    expect(factor(M, facts({ parties: [], hasUbos: null }), 'ownership')).to.include({ score: 50 });
  });

  it('screening: by kind and triage outcome, the highest hit counts; a dismissed false positive adds nothing', () => {
    expect(factor(M, facts({ hits: [hit({ isSanctioned: true, outcome: 'false_positive' })] }), 'screening')).to.include({ score: 0, points: 0 });
    expect(factor(M, facts({ hits: [hit({ isSanctioned: true, outcome: 'true_match' })] }), 'screening')).to.include({ score: 100, points: 25 });
    expect(factor(M, facts({ hits: [hit({ isSanctioned: true })] }), 'screening')).to.include({ score: 80, points: 20 });
    expect(factor(M, facts({ hits: [hit({ isPep: true, outcome: 'escalate' }), hit({ hitId: 'am:1', isAdverseMedia: true, outcome: 'true_match' })] }), 'screening'))
      .to.include({ score: 50 });
  });

  it('international transactions: the model\'s level, high when a high-risk country is traded with', () => {
    expect(factor(M, facts({ transactsInternationally: true, internationalCountries: ['DE'] }), 'international')).to.include({ score: 50, points: 2.5 });
    expect(factor(M, facts({ transactsInternationally: true, internationalCountries: ['DE', 'SY'] }), 'international')).to.include({ score: 100, points: 5 });
  });

  it('documents: one in error is high, one with Low confidence medium', () => {
    expect(factor(M, facts({ documents: [{ status: 'error', confidence: null }] }), 'documents')).to.include({ score: 100, points: 5 });
    expect(factor(M, facts({ documents: [{ status: 'complete', confidence: 'Low' }] }), 'documents')).to.include({ score: 50, points: 2.5 });
  });

  it('a prohibited country anywhere on the case forces the band prohibited whatever the score', () => {
    const ubo = facts().parties[0]!;
    const r = scoreRisk(M, facts({ parties: [ubo, { ...ubo, kind: 'director', name: 'Dir', nationality: 'KP' }] }));
    expect(r).to.include({ compositeScore: 0, band: 'prohibited', bandLabel: 'Prohibited', prohibitedBy: 'director Dir nationality: KP' });
    expect(scoreRisk(M, facts({ transactsInternationally: true, internationalCountries: ['IR'] })).band).to.equal('prohibited');
    expect(scoreRisk(M, facts({ country: 'KP' })).band).to.equal('prohibited');
  });

  it('the composite is the weighted sum of the factors', () => {
    const r = scoreRisk(M, facts({ country: 'AE', industrySector: 'Casino', hits: [hit({ isPep: true })] }));
    // 12.5 (medium country) + 15 (high industry) + 10 (untriaged PEP: 40 x 25%)
    expect(r).to.include({ compositeScore: 37.5, band: 'medium', bandLabel: 'Medium risk' });
  });
});
