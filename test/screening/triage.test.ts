import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { operatorActor } from '../../src/access/index';
import type { Services } from '../../src/platform/index';
import {
  dispositionScreeningHit, listScreeningHits, LocalHitTriager, screenCase, triageCaseHits,
  type HitTriager, type ScreeningMatch, type ScreeningSubject, type TriageInput,
} from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { routeCase } from '../../src/decisions/index';
import { assessCaseRisk } from '../../src/risk/index';
import { LlmHitTriager, OpenAiCompatibleClient } from '../../worker/vendors/index';
import { compileEventSchemas } from '../events/support';
import { OpenAiTestServer } from '../support/openai-server';
import { newTenant, runtime } from '../support/runtime';
import { caseEvents, caseWithApplication, stable, systemOf } from './support';

const subject = (more: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  subjectId: 'director:0', name: 'John Smitherton', role: 'director', schema: 'Person', birthDate: '1970-02-02', nationality: 'GB', country: null, ...more,
});
const match = (more: Partial<ScreeningMatch> = {}): ScreeningMatch => ({
  entityId: 'fict-p-021', caption: 'John Smitherton', schema: 'Person', score: 0.95, topics: ['sanction'], positions: [], nationality: ['gb'],
  birthDates: ['1970-02-02'], countries: [], datasets: ['sample_sanctions_uk'], isPep: false, isSanctioned: true, ...more,
});

describe('screening: the local hit triager (deterministic rules)', () => {
  const triager = new LocalHitTriager();
  const triage = (s: Partial<ScreeningSubject>, m: Partial<ScreeningMatch>) => triager.triage({ hitId: 'h', subject: subject(s), match: match(m) });

  it('says what it is: provider svc-rules, model rules-v1, promptVersion 1', () => {
    expect([triager.provider, triager.model, triager.promptVersion]).to.deep.equal(['svc-rules', 'rules-v1', '1']);
  });

  it('a strong full-name match with the same date of birth is a true match', async () => {
    expect(await triage({}, {})).to.deep.equal({
      status: 'complete', disposition: 'true_match', confidence: 90,
      shortReason: 'Full name matches "John Smitherton" (score 0.95) with the same date of birth.',
    });
  });

  it('a date of birth years apart is a false positive', async () => {
    expect(await triage({ birthDate: '1985-07-19' }, {})).to.deep.equal({
      status: 'complete', disposition: 'false_positive', confidence: 85, shortReason: 'Date of birth 1985-07-19 differs from the listed 1970-02-02.',
    });
    // A year off is not clear enough to dismiss: escalate.
    expect((await triage({ birthDate: '1971-02-02' }, {})).disposition).to.equal('escalate');
  });

  it('a nationality (or, for a company, jurisdiction) the list does not have is a false positive', async () => {
    expect(await triage({ nationality: 'US' }, {})).to.deep.equal({
      status: 'complete', disposition: 'false_positive', confidence: 75, shortReason: 'Nationality US differs from the listed GB.',
    });
    const company = await triager.triage({
      hitId: 'c', subject: subject({ name: 'Blue Lantern Exports', role: 'company', schema: 'Company', birthDate: null, nationality: null, country: 'GB' }),
      match: match({ caption: 'Blue Lantern Exports FZE', schema: 'Company', nationality: [], birthDates: [], countries: ['ae'] }),
    });
    expect(company).to.deep.include({ disposition: 'false_positive', shortReason: 'Jurisdiction GB differs from the listed AE.' });
  });

  it('a match on part of the name only is a false positive', async () => {
    expect(await triage({ name: 'John Peter Smitherton', birthDate: null }, { score: 0.75 })).to.deep.equal({
      status: 'complete', disposition: 'false_positive', confidence: 65, shortReason: 'Only part of the name "John Peter Smitherton" matches "John Smitherton".',
    });
  });

  it('otherwise escalates, saying why: no date to compare, a list date known only in part, a name match not strong enough', async () => {
    expect(await triage({ birthDate: null }, {})).to.deep.equal({
      status: 'complete', disposition: 'escalate', confidence: 50,
      shortReason: 'Name matches "John Smitherton" (score 0.95) but no date of birth to compare; an analyst should review.',
    });
    expect((await triage({}, { birthDates: ['1970'] })).shortReason).to.include('the listed date of birth is only partly known');
    expect((await triage({}, { score: 0.8 })).shortReason).to.include('the name match is not strong enough');
    // Initials and transliterations are not "part of the name".
    expect((await triage({ name: 'J. Smitherton', birthDate: null }, { score: 0.8 })).disposition).to.equal('escalate');
    expect((await triage({ name: 'Джон Смитертон' }, { score: 0.8 })).disposition).to.equal('escalate');
  });
});

describe('screening: triageCaseHits (each untriaged hit of a case, stored and announced)', function () {
  this.timeout(60_000);
  let svc: Services;
  let tenant: Tenant;
  let schemas: Map<string, ValidateFunction>;
  before(async () => {
    const rt = await runtime();
    svc = rt.svc;
    tenant = await newTenant(rt);
    schemas = compileEventSchemas();
  });

  // Three hits: fict-p-001 (same DOB: true match), fict-p-022 (listed born 1985-07-19, the UBO a day later: escalate), fict-c-001 (no date:
  // escalate). A namesake born years apart is no longer a hit at all (the matcher's date of birth penalty), so the triager's date rule is
  // covered by the unit cases above.
  const application = {
    companyName: 'Zhelezny Metallurgical Holdings', country: 'RU',
    directors: [{ name: 'Viktor Zhelezny', dateOfBirth: '1961-03-14', nationality: 'RU' }],
    ubos: [{ name: 'John Smitherton', dateOfBirth: '1985-07-20' }],
  };

  it('stores each triage on its hit, records screening.hit.triaged with the contract\'s fields, and the pull API and disposition show it', async () => {
    const c = await caseWithApplication(svc, tenant, application);
    expect((await screenCase(svc, systemOf(tenant.id), c.ref)).newHits).to.have.members(['fict-c-001', 'fict-p-001', 'fict-p-022']);
    const before = await caseEvents(svc, schemas, tenant.id, c.pk);

    const result = await triageCaseHits(svc, systemOf(tenant.id), c.ref);
    expect(result).to.deep.equal({
      done: true,
      triaged: [
        { hitId: 'fict-c-001', status: 'complete', disposition: 'escalate' },
        { hitId: 'fict-p-001', status: 'complete', disposition: 'true_match' },
        { hitId: 'fict-p-022', status: 'complete', disposition: 'escalate' },
      ],
    });
    const events = (await caseEvents(svc, schemas, tenant.id, c.pk)).slice(before.length);
    const envelope = { eventVersion: 1, orgId: tenant.id, caseId: c.caseId, crmRecordId: before[0]!.crmRecordId, crmSource: 'hubspot', event: 'screening.hit.triaged' };
    const engine = { provider: 'svc-rules', model: 'rules-v1', promptVersion: '1' };
    expect(events.map(stable)).to.deep.equal([
      {
        ...envelope, caseSequence: before.length + 1, hitId: 'fict-c-001', subjectName: 'Zhelezny Metallurgical Holdings', status: 'complete', confidence: 50,
        disposition: 'escalate', ...engine,
        shortReason: 'Name matches "Zhelezny Metallurgical Holdings LLC" (score 1) but no date of birth to compare; an analyst should review.',
      },
      {
        ...envelope, caseSequence: before.length + 2, hitId: 'fict-p-001', subjectName: 'Viktor Zhelezny', status: 'complete', confidence: 90,
        disposition: 'true_match', ...engine, shortReason: 'Full name matches "Viktor Aleksandrovich Zhelezny" (score 1) with the same date of birth.',
      },
      {
        ...envelope, caseSequence: before.length + 3, hitId: 'fict-p-022', subjectName: 'John Smitherton', status: 'complete', confidence: 50,
        disposition: 'escalate', ...engine, shortReason: 'Name matches "John Smitherton" (score 0.9) but no date of birth to compare; an analyst should review.',
      },
    ]);

    const operator = operatorActor(tenant.id);
    const hits = (await listScreeningHits(svc, operator, c.caseId, {})).data;
    const p022 = hits.find((h) => h.hitId === 'fict-p-022')!;
    expect(p022.triage).to.deep.equal({
      status: 'complete', confidence: 50, disposition: 'escalate', shortReason: 'Name matches "John Smitherton" (score 0.9) but no date of birth to compare; an analyst should review.', ...engine,
      triagedAt: p022.triage!.triagedAt,
    });
    expect(Date.parse(p022.triage!.triagedAt!)).to.be.closeTo(Date.now(), 60_000);
    // The human disposition sits beside the stored triage and does not replace it.
    const dispositioned = await dispositionScreeningHit(svc, operator, c.caseId, { hitId: 'fict-p-022', disposition: 'true_match', note: 'Same person after all' });
    expect(dispositioned).to.deep.include({ disposition: 'true_match', dispositionNote: 'Same person after all', dispositionBy: 'operator' });
    expect(dispositioned.triage).to.deep.equal(p022.triage);

    // A second run has nothing left to triage: no event.
    expect(await triageCaseHits(svc, systemOf(tenant.id), c.ref)).to.deep.equal({ done: true, triaged: [] });
    expect(await caseEvents(svc, schemas, tenant.id, c.pk)).to.have.length(before.length + 3);
  });

  it('a triager that throws or answers out of shape stores status failed (escalate, confidence 0) and still records the event', async () => {
    const c = await caseWithApplication(svc, tenant, application);
    await screenCase(svc, systemOf(tenant.id), c.ref);
    const before = await caseEvents(svc, schemas, tenant.id, c.pk);
    const seen: TriageInput[] = [];
    const flaky: HitTriager = {
      provider: 'llm-test', model: 'test-model-1', promptVersion: '1',
      async triage(input) {
        seen.push(input);
        if (input.hitId === 'fict-c-001') throw new Error('upstream 503');
        if (input.hitId === 'fict-p-001') return { status: 'complete', confidence: 250, disposition: 'maybe', shortReason: 7 } as never;
        return { status: 'complete', confidence: 70.4, disposition: 'false_positive', shortReason: 'Different person.' };
      },
    };
    const result = await triageCaseHits({ ...svc, triager: flaky }, systemOf(tenant.id), c.ref);
    expect(result.triaged).to.deep.equal([
      { hitId: 'fict-c-001', status: 'failed', disposition: 'escalate' },
      { hitId: 'fict-p-001', status: 'failed', disposition: 'escalate' },
      { hitId: 'fict-p-022', status: 'complete', disposition: 'false_positive' },
    ]);
    // The triager saw the subject as screened and the entity as matched, from the stored hit.
    expect(seen.find((i) => i.hitId === 'fict-p-001')).to.deep.equal({
      hitId: 'fict-p-001',
      subject: { subjectId: 'director:0', name: 'Viktor Zhelezny', role: 'director', schema: 'Person', birthDate: '1961-03-14', nationality: 'RU', country: null },
      match: {
        entityId: 'fict-p-001', caption: 'Viktor Aleksandrovich Zhelezny', schema: 'Person', score: 1, topics: ['sanction'],
        positions: ['Chairman of Zhelezny Metallurgical Holdings'], nationality: ['ru'], birthDates: ['1961-03-14'], countries: [],
        datasets: ['sample_sanctions_eu', 'sample_sanctions_uk'], isPep: false, isSanctioned: true,
      },
    });
    const events = (await caseEvents(svc, schemas, tenant.id, c.pk)).slice(before.length);
    const failed = { status: 'failed', confidence: 0, disposition: 'escalate', shortReason: 'Triage failed; an analyst should review this hit.', provider: 'llm-test', model: 'test-model-1', promptVersion: '1' };
    expect(events.map((e) => ({ ...stable(e), caseSequence: 0 }))).to.deep.equal([
      { eventVersion: 1, orgId: tenant.id, caseId: c.caseId, crmRecordId: before[0]!.crmRecordId, crmSource: 'hubspot', event: 'screening.hit.triaged', caseSequence: 0, hitId: 'fict-c-001', subjectName: 'Zhelezny Metallurgical Holdings', ...failed },
      { eventVersion: 1, orgId: tenant.id, caseId: c.caseId, crmRecordId: before[0]!.crmRecordId, crmSource: 'hubspot', event: 'screening.hit.triaged', caseSequence: 0, hitId: 'fict-p-001', subjectName: 'Viktor Zhelezny', ...failed },
      {
        eventVersion: 1, orgId: tenant.id, caseId: c.caseId, crmRecordId: before[0]!.crmRecordId, crmSource: 'hubspot', event: 'screening.hit.triaged', caseSequence: 0,
        hitId: 'fict-p-022', subjectName: 'John Smitherton', status: 'complete', confidence: 70, disposition: 'false_positive', shortReason: 'Different person.',
        provider: 'llm-test', model: 'test-model-1', promptVersion: '1',
      },
    ]);
    const hits = (await listScreeningHits(svc, operatorActor(tenant.id), c.caseId, {})).data;
    expect(hits.find((h) => h.hitId === 'fict-c-001')!.triage).to.deep.include({ status: 'failed', confidence: 0, disposition: 'escalate', provider: 'llm-test' });
  });

  it('an LLM triage of false_positive on a sanctioned hit does not clear it for routing: senior review (REVIEW_LEVEL_2) until an analyst dispositions it', async () => {
    const server = await OpenAiTestServer.start({ model: 'triage-model-7' });
    try {
      const llm = new LlmHitTriager(new OpenAiCompatibleClient({ url: server.url, apiKey: server.apiKey, model: server.model, timeoutMs: 5000, maxRetries: 0 }));
      const c = await caseWithApplication(svc, tenant, {
        companyName: 'Harbour Lane Trading', directors: [{ name: 'Ahmad Yusuf Al-Qamari', dateOfBirth: '1972-08-02', nationality: 'YE' }], ubos: [],
      });
      expect((await screenCase(svc, systemOf(tenant.id), c.ref)).newHits).to.deep.equal(['fict-p-002']);
      server.script({ content: { disposition: 'false_positive', confidence: 95, shortReason: 'The customer says this is a different person.' } });
      expect((await triageCaseHits({ ...svc, triager: llm }, systemOf(tenant.id), c.ref)).triaged)
        .to.deep.equal([{ hitId: 'fict-p-002', status: 'complete', disposition: 'false_positive' }]);

      const routed = async () => {
        await assessCaseRisk(svc, systemOf(tenant.id), c.ref);
        const outcome = await routeCase(svc, systemOf(tenant.id), c.ref);
        const [row] = await svc.db.query('SELECT risk_band, review_level FROM cases WHERE org_id = ? AND pk = ?', [tenant.id, c.pk]);
        const [evaluated] = await svc.db.query('SELECT matched_rule_index FROM routing_evaluations WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [tenant.id, c.pk]);
        return { ...outcome, band: row.risk_band, reviewLevel: row.review_level, matchedRuleIndex: evaluated.matched_rule_index };
      };
      // The AI's verdict alone: the hit is still an unresolved sanctions hit (rule 2), as if untriaged.
      expect(await routed()).to.deep.equal({ outcome: 'REVIEW_LEVEL_2', decided: false, band: 'low', reviewLevel: 'REVIEW_LEVEL_2', matchedRuleIndex: 2 });

      // An analyst's false_positive clears it: the hit no longer counts, level 1 (a case with a hit is never auto-approved).
      await dispositionScreeningHit(svc, operatorActor(tenant.id), c.caseId, { hitId: 'fict-p-002', disposition: 'false_positive', note: 'Checked the passport: another person.' });
      expect(await routed()).to.deep.include({ outcome: 'REVIEW_LEVEL_1', reviewLevel: 'REVIEW_LEVEL_1' });
    } finally {
      await server.close();
    }
  });

  it('with a guard already claimed: triages nothing into the database', async () => {
    const c = await caseWithApplication(svc, tenant, application);
    await screenCase(svc, systemOf(tenant.id), c.ref);
    const before = await caseEvents(svc, schemas, tenant.id, c.pk);
    expect(await triageCaseHits(svc, systemOf(tenant.id), c.ref, { claim: async () => false, done: async () => expect.fail('done') })).to.deep.equal({ done: false, triaged: [] });
    expect(await caseEvents(svc, schemas, tenant.id, c.pk)).to.have.length(before.length);
    expect((await listScreeningHits(svc, operatorActor(tenant.id), c.caseId, {})).data.map((h) => h.triage)).to.deep.equal([null, null, null]);
    const other = await newTenant(await runtime());
    expect(await triageCaseHits(svc, systemOf(other.id), c.ref).then(() => null, (e: { code?: string }) => e.code)).to.equal('not_found');
  });
});
