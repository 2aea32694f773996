import { expect } from 'chai';
import { createServer } from 'node:net';
import { Type } from '@sinclair/typebox';
import { LlmError, OpenAiCompatibleClient, type OpenAiCompatibleOptions } from '../../worker/vendors/index';
import { parseRetryAfter } from '../../worker/vendors/openai-compatible';
import { OpenAiTestServer } from '../support/openai-server';

const Answer = Type.Object({
  verdict: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
  score: Type.Integer(),
  note: Type.Union([Type.String(), Type.Null()]),
}, { additionalProperties: false, title: 'verdict' });

const ask = { name: 'verdict', system: 'You answer yes or no.', user: 'Is it?', schema: Answer };

/** The failure of a call that must fail, as an LlmError. */
async function failure(call: Promise<unknown>): Promise<LlmError> {
  try {
    await call;
  } catch (err) {
    expect(err).to.be.instanceOf(LlmError);
    return err as LlmError;
  }
  throw new Error('expected the call to fail');
}

describe('OpenAI-compatible client', () => {
  let server: OpenAiTestServer;
  let waits: number[];
  const client = (options: Partial<OpenAiCompatibleOptions> = {}) => new OpenAiCompatibleClient({
    url: server.url, apiKey: server.apiKey, model: server.model, timeoutMs: 5000,
    sleep: async (ms) => void waits.push(ms), ...options,
  });

  beforeEach(async () => {
    server = await OpenAiTestServer.start();
    waits = [];
  });
  afterEach(() => server.close());

  it('POSTs {url}/chat/completions with the bearer key, the model, temperature 0 and a strict json_schema, and returns the checked answer', async () => {
    server.script({ content: { verdict: 'yes', score: 7, note: null } });
    const answer = await client().completeJson(ask);
    expect(answer).to.deep.equal({ verdict: 'yes', score: 7, note: null });
    expect(server.requests).to.have.lengthOf(1);
    const [req] = server.requests;
    expect(req!.path).to.equal('/v1/chat/completions');
    expect(req!.headers.authorization).to.equal(`Bearer ${server.apiKey}`);
    expect(req!.headers['content-type']).to.equal('application/json');
    expect(req!.body.model).to.equal(server.model);
    expect(req!.body.temperature).to.equal(0);
    expect(req!.body.messages).to.deep.equal([{ role: 'system', content: 'You answer yes or no.' }, { role: 'user', content: 'Is it?' }]);
    expect(req!.body.response_format).to.deep.equal({
      type: 'json_schema', json_schema: { name: 'verdict', strict: true, schema: JSON.parse(JSON.stringify(Answer)) },
    });
  });

  it('retries a 429 after the wait Retry-After asks (seconds or an HTTP date), then succeeds', async () => {
    server.script(
      { status: 429, headers: { 'retry-after': '2' }, rawBody: '{"error":{"message":"slow down","code":"rate_limit_exceeded"}}' },
      { status: 429, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } },
      { content: { verdict: 'no', score: 1, note: 'fine' } },
    );
    expect(await client({ maxRetryAfterMs: 120_000 }).completeJson(ask)).to.deep.equal({ verdict: 'no', score: 1, note: 'fine' });
    expect(server.requests).to.have.lengthOf(3);
    expect(waits[0]).to.equal(2000);
    // An HTTP date one minute ahead: about 60 s, never more (the header has whole seconds).
    expect(waits[1]).to.be.within(58_000, 60_000);
  });

  it('retries 5xx with a growing backoff, a bounded number of times, then fails with the status and the attempts', async () => {
    server.script({ status: 503 }, { status: 502 }, { status: 500, rawBody: '{"error":{"code":"server_error"}}' });
    const err = await failure(client().completeJson(ask));
    expect(err.kind).to.equal('http');
    expect(err.status).to.equal(500);
    expect(err.message).to.equal(`The LLM service at ${new URL(server.url).origin} answered HTTP 500 (server_error) (after 3 attempts).`);
    expect(server.requests).to.have.lengthOf(3);
    expect(waits).to.deep.equal([500, 1000]);
  });

  it('does not retry other statuses (400, 401, 404) and a 429 that asks for a longer wait than the cap', async () => {
    server.script({ status: 400, rawBody: '{"error":{"code":"context_length_exceeded"}}' });
    const bad = await failure(client().completeJson(ask));
    expect([bad.kind, bad.status, server.requests.length]).to.deep.equal(['http', 400, 1]);

    const wrongModel = await failure(client({ model: 'no-such-model' }).completeJson(ask));
    expect([wrongModel.kind, wrongModel.status, wrongModel.message]).to.deep.equal(['http', 404, `The LLM service at ${new URL(server.url).origin} answered HTTP 404 (model_not_found).`]);

    server.script({ status: 429, headers: { 'retry-after': '3600' } });
    const slow = await failure(client().completeJson(ask));
    expect(slow.kind).to.equal('rate_limited');
    expect(slow.message).to.match(/asked to wait 3600 s, longer than the 30 s this client waits/);
    expect(server.requests).to.have.lengthOf(3);
    expect(waits).to.deep.equal([]);
  });

  it('never puts the API key in an error, even when the service echoes it back', async () => {
    const key = 'sk-live-0123456789abcdef-VERY-SECRET';
    const errors: LlmError[] = [];
    // A wrong key: the service's 401 body names the key it received.
    errors.push(await failure(client({ apiKey: key }).completeJson(ask)));
    expect(errors[0]!.status).to.equal(401);
    expect(errors[0]!.message).to.equal(`The LLM service at ${new URL(server.url).origin} answered HTTP 401 (invalid_api_key).`);
    // A refusal quoting the key, and a garbage answer.
    server.script({ refusal: `I will not repeat ${server.apiKey}.` }, { content: `key=${server.apiKey}` }, { status: 503, rawBody: `{"error":{"message":"${server.apiKey}","code":"${server.apiKey}"}}` });
    errors.push(await failure(client().completeJson(ask)));
    errors.push(await failure(client().completeJson(ask)));
    errors.push(await failure(client({ maxRetries: 0 }).completeJson(ask)));
    // No server at all.
    errors.push(await failure(client({ url: `http://127.0.0.1:${await closedPort()}/v1` }).completeJson(ask)));
    expect(errors.map((e) => e.kind)).to.deep.equal(['http', 'refused', 'bad_answer', 'http', 'network']);
    for (const e of errors) {
      for (const secret of [key, server.apiKey]) {
        expect(e.message).not.to.include(secret);
        expect(String(e.stack)).not.to.include(secret);
        expect(JSON.stringify(e)).not.to.include(secret);
      }
    }
    expect(errors[1]!.message).to.equal('The model declined to answer: I will not repeat ***.');
  });

  it('gives up on an answer that takes longer than the timeout, without retrying it', async function () {
    this.timeout(10_000);
    server.script({ delayMs: 5000, content: { verdict: 'yes', score: 1, note: null } });
    const started = Date.now();
    const err = await failure(client({ timeoutMs: 300 }).completeJson(ask));
    expect(err.kind).to.equal('timeout');
    expect(err.message).to.equal(`The LLM service at ${new URL(server.url).origin} gave no complete answer within 300 ms.`);
    expect(Date.now() - started).to.be.below(3000);
    expect(server.requests).to.have.lengthOf(1);
  });

  it('refuses a body that is not JSON, a completion without a message, cut-off or non-JSON content, and content that breaks the schema', async () => {
    server.script(
      { rawBody: '<html>gateway</html>' },
      { rawBody: '{"choices":[]}' },
      { content: { verdict: 'yes', score: 1, note: null }, finishReason: 'length' },
      { content: 'Sure! The verdict is yes.' },
      { content: { verdict: 'maybe', score: 1.5, note: null, extra: true } },
    );
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const err = await failure(client().completeJson(ask));
      expect(err.kind).to.equal('bad_answer');
      messages.push(err.message);
    }
    expect(messages.slice(0, 4)).to.deep.equal([
      'The LLM service answered 2xx with a body that is not JSON.',
      'The LLM service answered without choices[0].message.',
      "The model's answer was cut off (finish_reason length).",
      "The model's answer is not JSON.",
    ]);
    expect(messages[4]).to.match(/^The model's answer does not match the verdict schema: /);
    expect(messages[4]).to.include('/ must NOT have additional properties');
    expect(messages[4]).to.include('/score must be integer');
  });

  it('reads JSON wrapped in a Markdown fence, and text parts of an array content', async () => {
    server.script(
      { content: '```json\n{"verdict":"no","score":0,"note":null}\n```' },
      { rawBody: JSON.stringify({ choices: [{ message: { role: 'assistant', content: [{ type: 'text', text: '{"verdict":"yes",' }, { type: 'text', text: '"score":2,"note":"x"}' }] }, finish_reason: 'stop' }] }) },
    );
    expect(await client().completeJson(ask)).to.deep.equal({ verdict: 'no', score: 0, note: null });
    expect(await client().completeJson(ask)).to.deep.equal({ verdict: 'yes', score: 2, note: 'x' });
  });

  it('stops reading an answer larger than the bound', async () => {
    server.script({ content: { verdict: 'yes', score: 1, note: 'x'.repeat(50_000) } });
    const err = await failure(client({ maxResponseBytes: 10_000 }).completeJson(ask));
    expect([err.kind, err.message]).to.deep.equal(['too_large', "The LLM service's answer is larger than 10000 bytes."]);
  });

  it('sends no Authorization header without a key (local servers)', async () => {
    server.script({ content: { verdict: 'yes', score: 1, note: null } });
    const err = await failure(client({ apiKey: null }).completeJson(ask));
    expect(err.status).to.equal(401);
    expect(server.requests[0]!.headers.authorization).to.equal(undefined);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).to.equal(5000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).to.equal(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).to.equal(0);
    expect(parseRetryAfter('soon', now)).to.equal(null);
    expect(parseRetryAfter(null, now)).to.equal(null);
  });
});

/** A loopback port nobody listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
