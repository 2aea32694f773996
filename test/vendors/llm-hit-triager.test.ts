import { expect } from 'chai';
import type { TriageInput } from '../../src/screening/index';
import { LlmError, LlmHitTriager, OpenAiCompatibleClient } from '../../worker/vendors/index';
import { OpenAiTestServer } from '../support/openai-server';

const input: TriageInput = {
  hitId: 'NK-fictional-001',
  subject: { subjectId: 'director:0', name: 'Ivan Petrovsky', role: 'director', schema: 'Person', birthDate: '1971-05-02', nationality: 'GB', country: 'GB' },
  match: {
    entityId: 'NK-fictional-001', caption: 'Иван Петровский', schema: 'Person', score: 0.86, topics: ['sanction'], positions: [], nationality: ['ru'],
    birthDates: ['1958-11-30'], countries: ['ru'], datasets: ['sample'], isPep: false, isSanctioned: true,
  },
};

describe('LLM hit triager (OpenAI-compatible)', () => {
  let server: OpenAiTestServer;
  let triager: LlmHitTriager;

  beforeEach(async () => {
    server = await OpenAiTestServer.start({ model: 'triage-model-7' });
    triager = new LlmHitTriager(new OpenAiCompatibleClient({ url: server.url, apiKey: server.apiKey, model: server.model, timeoutMs: 5000, maxRetries: 0 }));
  });
  afterEach(() => server.close());

  it('names itself openai-compatible, the configured model and prompt version 1, and sends the party and the entity', async () => {
    expect([triager.provider, triager.model, triager.promptVersion]).to.deep.equal(['openai-compatible', 'triage-model-7', '1']);
    server.script({ content: { disposition: 'false_positive', confidence: 91, shortReason: 'Dates of birth 1971-05-02 and 1958-11-30 differ.' } });
    expect(await triager.triage(input)).to.deep.equal({
      status: 'complete', confidence: 91, disposition: 'false_positive', shortReason: 'Dates of birth 1971-05-02 and 1958-11-30 differ.',
    });
    const user = server.requests[0]!.body.messages[1]!.content as string;
    expect(user).to.include('"name": "Ivan Petrovsky"').and.include('"caption": "Иван Петровский"').and.include('"1958-11-30"');
    expect(server.requests[0]!.body.response_format.json_schema.name).to.equal('hit_triage');
  });

  it('clips a long reason to 280 characters', async () => {
    server.script({ content: { disposition: 'escalate', confidence: 40, shortReason: `Mixed evidence. ${'x'.repeat(400)}` } });
    const r = await triager.triage(input);
    expect(r.shortReason).to.have.lengthOf(280);
    expect(r.shortReason.endsWith('…')).to.equal(true);
  });

  it('a confidence outside 0..100, an empty reason or an unknown disposition is a bad answer', async () => {
    server.script(
      { content: { disposition: 'true_match', confidence: 150, shortReason: 'Same person.' } },
      { content: { disposition: 'true_match', confidence: 80, shortReason: '  ' } },
      { content: { disposition: 'probably', confidence: 80, shortReason: 'Hmm.' } },
    );
    for (let i = 0; i < 3; i++) {
      try {
        await triager.triage(input);
        expect.fail('expected an LlmError');
      } catch (err) {
        expect(err).to.be.instanceOf(LlmError);
        expect((err as LlmError).kind).to.equal('bad_answer');
      }
    }
  });
});
