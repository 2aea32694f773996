import { expect } from 'chai';
import type { CaseReviewFacts } from '../../src/review/index';
import { LlmCaseReviewer, LlmError, OpenAiCompatibleClient } from '../../worker/vendors/index';
import { OpenAiTestServer } from '../support/openai-server';

const facts: CaseReviewFacts = {
  caseId: 'CS-2026-00001',
  companyName: 'Globex Trading Ltd',
  application: {
    companyProfile: { companyName: 'Globex Trading Ltd', country: 'KY' },
    ownership: {
      hasUbos: true,
      directors: [{ personKey: '5d1c...', name: 'Grace Hopper', email: 'grace@globex.example', idNumber: 'P-998877', nationality: 'US' }],
      ubos: [{ personKey: '5d1c...', name: 'Grace Hopper', email: 'grace@globex.example', idNumber: 'P-998877', ownershipPercent: 60 }],
    },
    missingForSubmission: [],
  },
  documents: [{ id: 1, documentType: 'certificate_of_incorporation', status: 'complete', confidence: 'High', warnings: [] }],
  hits: [],
  risk: { compositeScore: 35, band: 'medium' },
};

describe('LLM case reviewer (OpenAI-compatible)', () => {
  let server: OpenAiTestServer;
  let reviewer: LlmCaseReviewer;

  beforeEach(async () => {
    server = await OpenAiTestServer.start();
    reviewer = new LlmCaseReviewer(new OpenAiCompatibleClient({ url: server.url, apiKey: server.apiKey, model: server.model, timeoutMs: 5000, maxRetries: 0 }));
  });
  afterEach(() => server.close());

  it('sends the facts without the owners\' emails and ID numbers, and returns the checked review', async () => {
    server.script({
      content: {
        recommendation: 'Refer', confidence: 'Medium',
        riskFactors: [{ text: 'The company is incorporated in the Cayman Islands.', severity: 'MEDIUM' }, { text: '  ', severity: 'LOW' }],
      },
    });
    expect(reviewer.name).to.equal(`llm:${server.model}`);
    expect(await reviewer.review(facts)).to.deep.equal({
      recommendation: 'Refer', confidence: 'Medium', riskFactors: [{ text: 'The company is incorporated in the Cayman Islands.', severity: 'MEDIUM' }],
    });
    const user = server.requests[0]!.body.messages[1]!.content as string;
    expect(user).to.include('Globex Trading Ltd').and.include('Grace Hopper').and.include('"ownershipPercent": 60');
    expect(user).not.to.include('grace@globex.example');
    expect(user).not.to.include('P-998877');
    expect(user).not.to.include('personKey');
    expect(server.requests[0]!.body.response_format.json_schema.name).to.equal('case_review');
  });

  it('an unknown recommendation or severity is a bad answer', async () => {
    server.script({ content: { recommendation: 'Approve', confidence: 'High', riskFactors: [{ text: 'x', severity: 'CRITICAL' }] } });
    try {
      await reviewer.review(facts);
      expect.fail('expected an LlmError');
    } catch (err) {
      expect(err).to.be.instanceOf(LlmError);
      expect((err as LlmError).message).to.include('/riskFactors/0/severity');
    }
  });
});
