import type { Static, TSchema } from '@sinclair/typebox';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { request, type Dispatcher } from 'undici';

/**
 * A small client of an OpenAI-compatible Chat Completions API (OpenAI, Azure's OpenAI-compatible
 * endpoint, vLLM, llama.cpp's server, Ollama, LiteLLM ...): one POST `{url}/chat/completions` asking for
 * a JSON answer under a strict JSON Schema (`response_format: json_schema`, temperature 0), and the
 * answer checked against that schema here, because whatever a model says is untrusted input.
 *
 * Failures are LlmErrors with a kind and a message that never holds the API key (nor the service's own
 * error text, which some services fill with a masked copy of the key). Only 429 and 5xx are retried,
 * a bounded number of times, waiting what Retry-After asks (up to a cap) or a short backoff.
 */

/** One part of a user message: text, an image (data URI), or a file such as a PDF (base64 data URI). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } }
  | { type: 'file'; file: { filename: string; file_data: string } };

export interface JsonCompletionRequest<S extends TSchema> {
  /** The schema's name in response_format (letters, digits, `_` and `-`). */
  name: string;
  system: string;
  user: string | ContentPart[];
  /** A strict-mode schema: every object closed (additionalProperties false) with every property required. */
  schema: S;
  /** Upper bound of the answer's tokens. Default 4096. */
  maxTokens?: number;
}

export type LlmFailureKind =
  /** No complete answer within LLM_TIMEOUT_MS. */
  | 'timeout'
  /** No HTTP answer at all (refused, reset, DNS). */
  | 'network'
  /** 429, and still after the retries (or Retry-After longer than this client waits). */
  | 'rate_limited'
  /** Any other non-2xx (after the retries for 5xx). */
  | 'http'
  /** The answer is larger than the bound. */
  | 'too_large'
  /** The model declined (structured outputs' `refusal`). */
  | 'refused'
  /** The answer is not JSON, is cut off, or does not match the schema. */
  | 'bad_answer';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
    /** The HTTP status when there was one. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface OpenAiCompatibleOptions {
  /** Base URL; requests go to `{url}/chat/completions`. */
  url: string;
  /** Bearer key; null sends no Authorization header (local servers). */
  apiKey: string | null;
  model: string;
  /** Budget of one attempt (headers and whole body), ms. */
  timeoutMs: number;
  /** Retries after a 429 or 5xx. Default 2 (three attempts in all). */
  maxRetries?: number;
  /** Longest Retry-After honoured, ms; a longer one fails at once (rate_limited). Default 30000. */
  maxRetryAfterMs?: number;
  /** Wait before retry n (0-based) when the service sends no Retry-After, ms. Default 500, 1000, 2000 ... */
  backoffMs?: (retry: number) => number;
  /** Largest answer read, bytes. Default 2 MiB. */
  maxResponseBytes?: number;
  /** The waits between attempts (tests record them). Default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** undici dispatcher (tests, proxies). Default undici's global one. */
  dispatcher?: Dispatcher;
}

const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validators = new WeakMap<object, ValidateFunction>();

export class OpenAiCompatibleClient {
  readonly model: string;
  private readonly endpoint: string;
  private readonly origin: string;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.model = options.model;
    this.endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
    this.origin = new URL(options.url).origin;
  }

  /** Asks for a JSON answer matching `req.schema`; resolves with it, checked, or rejects with an LlmError. */
  async completeJson<S extends TSchema>(req: JsonCompletionRequest<S>): Promise<Static<S>> {
    const body = JSON.stringify({
      model: this.options.model,
      temperature: 0,
      max_tokens: req.maxTokens ?? 4096,
      messages: [{ role: 'system', content: req.system }, { role: 'user', content: req.user }],
      response_format: { type: 'json_schema', json_schema: { name: req.name, strict: true, schema: req.schema } },
    });
    const text = await this.post(body);
    return this.parseAnswer(text, req.schema);
  }

  private async post(body: string): Promise<string> {
    const maxRetries = this.options.maxRetries ?? 2;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let attempt = 0; ; attempt++) {
      const res = await this.attempt(body);
      if (res.status >= 200 && res.status < 300) return res.text;
      const retryable = res.status === 429 || res.status >= 500;
      const what = describeStatus(res.status, res.text);
      if (!retryable || attempt >= maxRetries) {
        const tries = attempt + 1;
        throw new LlmError(res.status === 429 ? 'rate_limited' : 'http', this.redact(`The LLM service at ${this.origin} answered ${what}${tries > 1 ? ` (after ${tries} attempts)` : ''}.`), res.status);
      }
      const asked = parseRetryAfter(res.retryAfter, Date.now());
      const cap = this.options.maxRetryAfterMs ?? 30_000;
      if (asked !== null && asked > cap) {
        throw new LlmError('rate_limited', this.redact(`The LLM service at ${this.origin} answered ${what} and asked to wait ${Math.ceil(asked / 1000)} s, longer than the ${Math.ceil(cap / 1000)} s this client waits.`), res.status);
      }
      await sleep(asked ?? (this.options.backoffMs ?? ((n) => 500 * 2 ** n))(attempt));
    }
  }

  private async attempt(body: string): Promise<{ status: number; text: string; retryAfter: string | null }> {
    const limit = this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const timeoutMs = this.options.timeoutMs;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    try {
      const res = await request(this.endpoint, {
        method: 'POST', headers, body,
        signal: AbortSignal.timeout(timeoutMs), headersTimeout: timeoutMs, bodyTimeout: timeoutMs,
        ...(this.options.dispatcher ? { dispatcher: this.options.dispatcher } : {}),
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Leaving the loop destroys the stream: the rest is never read.
        if (size > limit) throw new LlmError('too_large', `The LLM service's answer is larger than ${limit} bytes.`, res.statusCode);
        chunks.push(chunk);
      }
      const retryAfter = res.headers['retry-after'];
      return { status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), retryAfter: typeof retryAfter === 'string' ? retryAfter : null };
    } catch (err) {
      if (err instanceof LlmError) throw err;
      throw this.transportError(err, timeoutMs);
    }
  }

  private transportError(err: unknown, timeoutMs: number): LlmError {
    const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e.code ?? e.cause?.code;
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new LlmError('timeout', `The LLM service at ${this.origin} gave no complete answer within ${timeoutMs} ms.`);
    }
    const detail = code ?? e.cause?.message ?? e.message ?? 'unknown error';
    return new LlmError('network', this.redact(`The LLM service at ${this.origin} could not be reached (${detail}).`));
  }

  private parseAnswer<S extends TSchema>(text: string, schema: S): Static<S> {
    let completion: unknown;
    try {
      completion = JSON.parse(text);
    } catch {
      throw new LlmError('bad_answer', 'The LLM service answered 2xx with a body that is not JSON.');
    }
    const choice = (completion as { choices?: unknown })?.choices;
    const first = Array.isArray(choice) ? (choice[0] as { message?: unknown; finish_reason?: unknown } | undefined) : undefined;
    const message = first?.message as { content?: unknown; refusal?: unknown } | undefined;
    if (!message || typeof message !== 'object') throw new LlmError('bad_answer', 'The LLM service answered without choices[0].message.');
    if (typeof message.refusal === 'string' && message.refusal.trim() !== '') {
      throw new LlmError('refused', this.redact(`The model declined to answer: ${clip(message.refusal, 200)}`));
    }
    if (first?.finish_reason === 'length') throw new LlmError('bad_answer', "The model's answer was cut off (finish_reason length).");
    const content = contentText(message.content);
    if (content === null) throw new LlmError('bad_answer', 'The model gave no text content.');
    let answer: unknown;
    try {
      answer = JSON.parse(stripFence(content));
    } catch {
      throw new LlmError('bad_answer', "The model's answer is not JSON.");
    }
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    if (!validate(answer)) {
      const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
      throw new LlmError('bad_answer', `The model's answer does not match the ${String(schema.title ?? 'answer')} schema: ${problems.join('; ')}.`);
    }
    return answer as Static<S>;
  }

  /** The key never leaves in a message, whatever an underlying error said. */
  private redact(message: string): string {
    const key = this.options.apiKey;
    return key ? message.split(key).join('***') : message;
  }
}

/** `429 Too Many Requests (rate_limit_exceeded)`: the status and, when short and plain, the service's error code; never its free text. */
function describeStatus(status: number, text: string): string {
  let code: unknown = null;
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; type?: unknown } }).error;
    code = error?.code ?? error?.type ?? null;
  } catch {
    // Not JSON: the status alone.
  }
  const plain = typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code);
  return `HTTP ${status}${plain ? ` (${code})` : ''}`;
}

/** Retry-After as delay-seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Message content as text: a string, or the text parts of an array (some servers answer so). */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const texts = content.map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '')).join('');
    return texts === '' ? null : texts;
  }
  return null;
}

/** Servers without structured outputs sometimes wrap JSON in a Markdown fence. */
function stripFence(text: string): string {
  const m = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return m ? m[1]! : text;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
