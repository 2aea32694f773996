import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/platform/index';
import { LocalCaseReviewer } from '../../src/review/index';
import {
  LlmCaseReviewer, LlmDocumentExtractor, LlmHitTriager, createLlmCaseReviewer, createLlmDocumentExtractor, createLlmHitTriager,
} from '../../worker/vendors/index';
import { runtime } from '../support/runtime';
import { testEnv } from '../support/env';

const KEY = 'sk-config-test-7f3a9c-SECRET';

/** The ConfigError's problems for an environment that must be refused. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(testEnv(env));
  } catch (err) {
    expect(err).to.be.instanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('LLM configuration', () => {
  it('is off by default: every provider local, no URL, key or model, a 30 s timeout; no LLM adapter, the local reviewer wired', async () => {
    const c = loadConfig(testEnv());
    expect([c.extractionProvider, c.triageProvider, c.reviewProvider, c.llmUrl, c.llmApiKey, c.llmModel, c.llmTimeoutMs])
      .to.deep.equal(['local', 'local', 'local', null, null, null, 30_000]);
    expect([createLlmDocumentExtractor(c), createLlmHitTriager(c), createLlmCaseReviewer(c)]).to.deep.equal([null, null, null]);
    expect((await runtime()).svc.reviewer).to.be.instanceOf(LocalCaseReviewer);
  });

  it('builds each LLM adapter its provider asks for, on LLM_URL with LLM_MODEL', () => {
    const c = loadConfig(testEnv({
      LLM_URL: 'https://llm.example.com/v1/', LLM_API_KEY: KEY, LLM_MODEL: 'gpt-4o-mini', LLM_TIMEOUT_MS: '12000',
      EXTRACTION_PROVIDER: 'llm', TRIAGE_PROVIDER: 'llm', REVIEW_PROVIDER: 'llm',
    }));
    expect([c.llmUrl, c.llmApiKey, c.llmModel, c.llmTimeoutMs]).to.deep.equal(['https://llm.example.com/v1', KEY, 'gpt-4o-mini', 12_000]);
    expect(createLlmDocumentExtractor(c)).to.be.instanceOf(LlmDocumentExtractor);
    expect(createLlmHitTriager(c)).to.be.instanceOf(LlmHitTriager);
    expect(createLlmCaseReviewer(c)).to.be.instanceOf(LlmCaseReviewer);
    expect(createLlmCaseReviewer(c)!.name).to.equal('llm:gpt-4o-mini');
    const onlyTriage = loadConfig(testEnv({ LLM_URL: 'http://127.0.0.1:8000/v1', LLM_MODEL: 'local-model', TRIAGE_PROVIDER: 'llm' }));
    expect([createLlmDocumentExtractor(onlyTriage), createLlmCaseReviewer(onlyTriage)]).to.deep.equal([null, null]);
    expect(createLlmHitTriager(onlyTriage)!.model).to.equal('local-model');
  });

  it('refuses an llm provider without LLM_URL or LLM_MODEL, unknown providers, a bad timeout, and a URL with credentials', () => {
    expect(problems({ REVIEW_PROVIDER: 'llm', TRIAGE_PROVIDER: 'llm', EXTRACTION_PROVIDER: 'openai', LLM_TIMEOUT_MS: '0' })).to.deep.equal([
      'EXTRACTION_PROVIDER must be local or llm (got "openai")',
      'LLM_TIMEOUT_MS must be an integer from 1 to 600000 (got "0")',
      'LLM_URL is required when TRIAGE_PROVIDER, REVIEW_PROVIDER are llm',
      'LLM_MODEL is required when TRIAGE_PROVIDER, REVIEW_PROVIDER are llm',
    ]);
    expect(problems({ LLM_URL: 'https://user:pw@llm.example.com/v1' })).to.deep.equal(['LLM_URL must not carry credentials (put the key in LLM_API_KEY)']);
    expect(problems({ LLM_URL: 'ftp://llm.example.com' })).to.deep.equal(['LLM_URL must be an http or https URL (got "ftp://llm.example.com/")']);
  });

  it('in production, sends customer data only over https (or to this machine), and never names the key in a problem', () => {
    const prod = { NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', LLM_API_KEY: KEY, LLM_MODEL: 'm', REVIEW_PROVIDER: 'llm' };
    expect(problems({ ...prod, LLM_URL: 'http://llm.example.com/v1' })).to.include.members([
      'LLM_URL must be an https URL when NODE_ENV=production (http only for a loopback address)',
    ]);
    const all = problems({ ...prod, LLM_URL: 'http://llm.example.com/v1', LLM_API_KEY: `${KEY} x` });
    expect(all).to.include('LLM_API_KEY must not contain white space');
    expect(all.join('\n')).not.to.include(KEY);
    expect(loadConfig(testEnv({ ...prod, LLM_URL: 'http://127.0.0.1:8080/v1' })).llmUrl).to.equal('http://127.0.0.1:8080/v1');
    expect(loadConfig(testEnv({ ...prod, LLM_URL: 'https://llm.example.com/v1' })).llmUrl).to.equal('https://llm.example.com/v1');
  });
});
