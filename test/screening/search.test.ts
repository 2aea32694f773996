import { expect } from 'chai';
import { ConsoleHarness } from '../graphql/harness';
import { RestHarness } from '../rest/harness';
import { screenCase } from '../../src/screening/index';
import { caseWithApplication, systemOf } from './support';

/** The sample watchlist's John Smitherton (fict-p-022, a PEP born 1985-07-19) and John Michael Smitherton (fict-p-021, sanctioned, born 1970). */
const QUERY = { name: 'Jon Smitherton', birthDate: '1985-07-19' };
const JOHN = {
  entityId: 'fict-p-022', caption: 'John Smitherton', schema: 'Person', score: 1, match: true, topics: ['role.pep'], datasets: ['sample_peps'],
  birthDates: ['1985-07-19'], nationality: ['us'], countries: [], isPep: true, isSanctioned: false,
  explanation: {
    name: { text: 'John Smitherton', kind: 'name' },
    tokens: [
      { query: 'smitherton', matched: 'smitherton', how: 'exact', similarity: 1 },
      { query: 'jon', matched: 'john', how: 'phonetic', similarity: 0.962 },
    ],
    unmatched: { query: [], listed: [] },
    nameScore: 0.99,
    birthDate: { effect: 0.1, reason: 'same date' },
    score: 1,
  },
};

describe('screening search: POST /v1/screening/match and the console\'s screenName, explained', function () {
  this.timeout(60_000);

  describe('REST', () => {
    let api: RestHarness;
    before(async () => {
      api = await RestHarness.start();
    });
    after(() => api.close());

    it('answers the candidates best first, each with match and its explanation; near misses under the threshold say match: false', async () => {
      const { token } = await api.tenant('screening:search');
      const res = await api.post('/v1/screening/match', token, QUERY);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const body = res.body as { data: { entityId: string; score: number; match: boolean; explanation: { birthDate?: { effect: number; reason: string } } }[]; threshold: number; listVersion: string };
      expect(body.threshold).to.equal(0.7);
      expect(body.listVersion).to.be.a('string').and.not.equal('');
      expect(body.data[0]).to.deep.equal(JOHN);
      // The sanctioned namesake born 15 years earlier: the date of birth pulls it under the threshold, and says so.
      const namesake = body.data.find((c) => c.entityId === 'fict-p-021')!;
      expect(namesake).to.deep.include({ match: false });
      expect(namesake.score).to.be.below(0.7);
      expect(namesake.explanation.birthDate).to.deep.equal({ effect: -0.35, reason: 'years apart' });
      // Rate-limited like every /v1 call.
      expect(res.headers.get('ratelimit')).to.match(/;r=\d+;t=\d+$/);
    });

    it('each hit a case\'s screening raises keeps its explanation: the pull API\'s screening items carry it', async () => {
      const { tenant, token } = await api.tenant('read:screening');
      const c = await caseWithApplication(api.svc, tenant, {
        companyName: 'Globex Trading Ltd', directors: [{ name: 'Jon Smitherton', dateOfBirth: '1985-07-19' }], ubos: [],
      });
      expect((await screenCase(api.svc, systemOf(tenant.id), c.ref)).newHits).to.deep.equal(['fict-p-022']);
      const res = await api.get(`/v1/cases/${c.caseId}/screening`, token);
      expect(res.status).to.equal(200);
      const [hit] = (res.body as { data: { hitId: string; explanation?: unknown }[] }).data;
      expect(hit).to.deep.include({ hitId: 'fict-p-022', explanation: JOHN.explanation });
    });

    it('is an opt-in scope: a default client gets 403 insufficient_scope naming it', async () => {
      const { token } = await api.tenant();
      const res = await api.post('/v1/screening/match', token, QUERY);
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.include({ error: 'insufficient_scope' });
      expect(res.headers.get('www-authenticate')).to.contain('scope="screening:search"');
      expect((await api.post('/v1/screening/match', undefined, QUERY)).status).to.equal(401);
    });

    it('says what is wrong with a bad body, field by field', async () => {
      const { token } = await api.tenant('screening:search');
      const res = await api.post('/v1/screening/match', token, { name: '   ', schema: 'Vessel', birthDate: '19/07/1985', extra: 1 });
      expect(res.status).to.equal(400);
      const body = res.body as { error: string; details: { path: string }[] };
      expect(body.error).to.equal('validation_failed');
      expect(body.details.map((d) => d.path).sort()).to.include.members(['name', 'schema', 'birthDate']);
      expect((await api.post('/v1/screening/match', token, { name: 'Acme', limit: 51 })).status).to.equal(400);
      // What the schema cannot say: a date the calendar lacks, a country nobody knows; in words, not patterns.
      const unknown = await api.post('/v1/screening/match', token, { name: 'Jon Smitherton', birthDate: '1985-02-30', nationality: 'Narnia', country: 'GB' });
      expect(unknown.status).to.equal(400);
      expect((unknown.body as { details: unknown[] }).details).to.deep.equal([
        { path: 'birthDate', message: 'is not a date of the calendar' },
        { path: 'nationality', message: 'is not a country: give an ISO 3166-1 code such as GB, or its English name' },
      ]);
      const pattern = await api.post('/v1/screening/match', token, { name: 'Jon', birthDate: '19/07/1985' });
      expect((pattern.body as { details: unknown[] }).details).to.deep.equal([{ path: 'birthDate', message: 'must be a date as YYYY, YYYY-MM or YYYY-MM-DD' }]);
    });

    it('a search filtered by dataset finds only that dataset\'s entities', async () => {
      const { token } = await api.tenant('screening:search');
      const all = (await api.post('/v1/screening/match', token, { name: 'John Smitherton', limit: 5 })).body as { data: { entityId: string; datasets: string[] }[] };
      expect(all.data.map((c) => c.entityId)).to.include.members(['fict-p-022', 'fict-p-021']);
      const peps = (await api.post('/v1/screening/match', token, { name: 'John Smitherton', datasets: ['sample_peps'], limit: 5 })).body as { data: { entityId: string; datasets: string[] }[] };
      expect(peps.data.map((c) => c.entityId)).to.include('fict-p-022').and.not.include('fict-p-021');
      for (const c of peps.data) expect(c.datasets).to.include('sample_peps');
    });
  });

  describe('GraphQL', () => {
    let h: ConsoleHarness;
    before(async () => {
      h = await ConsoleHarness.start();
    });
    after(() => h.close());

    const SCREEN = `query($input: ScreenNameInput!) { screenName(input: $input) {
      threshold listVersion
      data { entityId caption schema score match topics datasets birthDates nationality countries isPep isSanctioned
        explanation { name { text kind } tokens { query matched how similarity } unmatched { query listed } nameScore birthDate { effect reason } score } }
    } }`;

    it('an analyst gets the same candidates as the pull API; signed out is unauthenticated; bad input names its field', async () => {
      const analyst = await h.signedIn('analyst');
      const { screenName } = await analyst.data<{ screenName: { threshold: number; data: unknown[] } }>(SCREEN, { input: QUERY });
      expect(screenName.threshold).to.equal(0.7);
      expect(screenName.data[0]).to.deep.equal(JOHN);
      expect((await h.browser().error(SCREEN, { input: QUERY })).code).to.equal('UNAUTHENTICATED');
      // A case's stored hit carries the same explanation.
      const c = await caseWithApplication(h.svc, analyst.member.tenant, {
        companyName: 'Globex Trading Ltd', directors: [{ name: 'Jon Smitherton', dateOfBirth: '1985-07-19' }], ubos: [],
      });
      await screenCase(h.svc, systemOf(analyst.member.tenant.id), c.ref);
      const stored = await analyst.data<{ case: { screeningHits: { hitId: string; explanation: unknown }[] } }>(
        `query($caseId: String!) { case(caseId: $caseId) { screeningHits { hitId explanation { name { text kind } tokens { query matched how similarity } unmatched { query listed } nameScore birthDate { effect reason } score } } } }`,
        { caseId: c.caseId },
      );
      expect(stored.case.screeningHits).to.deep.equal([{ hitId: 'fict-p-022', explanation: { ...JOHN.explanation } }]);
      const bad = await analyst.error(SCREEN, { input: { name: 'Jon', birthDate: 'July 1985' } });
      expect(bad.code).to.equal('BAD_USER_INPUT');
      expect(JSON.stringify(bad.extensions)).to.contain('birthDate');
    });
  });
});
