import { expect } from 'chai';
import { screenCase, triageCaseHits } from '../../src/screening/index';
import { ConsoleHarness } from '../graphql/harness';
import { caseWithApplication, systemOf } from './support';

describe('screening in the console (GraphQL): the hit shows its stored triage; dispositionScreeningHit', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const HITS = `query($caseId: String!) { case(caseId: $caseId) { screeningHits { hitId disposition dispositionBy triage { status disposition confidence shortReason provider model promptVersion } } } }`;
  const DISPOSITION = `mutation($caseId: ID!, $hitId: String!, $disposition: Disposition!, $note: String) {
    dispositionScreeningHit(caseId: $caseId, hitId: $hitId, disposition: $disposition, note: $note) { hitId disposition dispositionNote dispositionBy triage { disposition provider } }
  }`;

  it('an analyst sees the triage beside each hit and records a disposition with the pull API\'s use case', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await caseWithApplication(h.svc, tenant, {
      companyName: 'Globex Trading Ltd', directors: [{ name: 'John Smitherton', dateOfBirth: '1985-07-20' }], ubos: [],
    });
    await screenCase(h.svc, systemOf(tenant.id), c.ref);
    await triageCaseHits(h.svc, systemOf(tenant.id), c.ref);

    const before = await analyst.data<{ case: { screeningHits: unknown[] } }>(HITS, { caseId: c.caseId });
    expect(before.case.screeningHits).to.deep.equal([{
      hitId: 'fict-p-022', disposition: null, dispositionBy: null,
      triage: {
        status: 'complete', disposition: 'escalate', confidence: 50,
        shortReason: 'Name matches "John Smitherton" (score 0.9) but no date of birth to compare; an analyst should review.',
        provider: 'svc-rules', model: 'rules-v1', promptVersion: '1',
      },
    }]);

    const done = await analyst.data<{ dispositionScreeningHit: unknown }>(DISPOSITION, { caseId: c.caseId, hitId: 'fict-p-022', disposition: 'false_positive', note: 'Born 1990' });
    expect(done.dispositionScreeningHit).to.deep.equal({
      hitId: 'fict-p-022', disposition: 'false_positive', dispositionNote: 'Born 1990', dispositionBy: analyst.member.email,
      triage: { disposition: 'escalate', provider: 'svc-rules' },
    });
    const summary = (await h.svc.db.query('SELECT total_hits, pep_hits FROM cases WHERE pk = ?', [c.pk])) as { total_hits: number; pep_hits: number }[];
    expect(summary[0]).to.deep.equal({ total_hits: 0, pep_hits: 0 });

    const unknown = await analyst.error(DISPOSITION, { caseId: c.caseId, hitId: 'no-such-hit', disposition: 'true_match' });
    expect(unknown.code).to.equal('NOT_FOUND');
    const outsider = await h.signedIn('analyst');
    expect((await outsider.error(DISPOSITION, { caseId: c.caseId, hitId: 'fict-p-022', disposition: 'true_match' })).code).to.equal('NOT_FOUND');
  });
});
