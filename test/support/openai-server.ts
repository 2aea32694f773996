import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real local HTTP server speaking the OpenAI Chat Completions protocol, for the LLM adapters' tests.
 * Like the real service it checks the bearer key (401 `invalid_api_key`, echoing the key it received as
 * OpenAI echoes a masked one, so tests can prove errors never carry it), the model (404
 * `model_not_found`), and that `response_format` is a strict `json_schema` whose objects are all closed
 * and list every property as required (400 otherwise, as strict structured outputs do). It answers what
 * the test scripts: canned JSON content, a refusal, an HTTP error with headers, a raw body (garbage), a
 * huge body, or a slow answer. Requests are recorded with their parsed bodies.
 */

export interface ScriptedAnswer {
  /** HTTP status; default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** What the model says: an object is sent as its JSON text in choices[0].message.content; a string as it is. */
  content?: unknown;
  /** A refusal instead of content (structured outputs). */
  refusal?: string;
  /** choices[0].finish_reason; default `stop`. */
  finishReason?: string;
  /** The whole response body instead of a completion (garbage, error bodies). */
  rawBody?: string;
  /** Waits this long before answering (a slow service). */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: ChatRequestBody;
}

export interface ChatRequestBody {
  model: string;
  temperature?: number;
  max_tokens?: number;
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string }; file?: { filename: string; file_data: string } }[] }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
}

export class OpenAiTestServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: (ScriptedAnswer | ((req: ChatRequestBody) => ScriptedAnswer))[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The answer when nothing is scripted. */
  fallback: (req: ChatRequestBody) => ScriptedAnswer = () => ({ status: 500, rawBody: '{"error":{"message":"nothing scripted","code":"test_unscripted"}}' });

  private constructor(
    private readonly server: Server,
    readonly apiKey: string,
    readonly model: string,
    /** Base URL as LLM_URL takes it: `http://127.0.0.1:<port>/v1`. */
    readonly url: string,
  ) {}

  static async start(options: { apiKey?: string; model?: string } = {}): Promise<OpenAiTestServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const s = new OpenAiTestServer(server, options.apiKey ?? 'sk-test-4f9c2e7b1a-SECRET', options.model ?? 'test-model-1', url);
    server.on('request', (req, res) => void s.handle(req, res));
    return s;
  }

  /** Queues answers, one per coming request, in order. */
  script(...answers: (ScriptedAnswer | ((req: ChatRequestBody) => ScriptedAnswer))[]): this {
    this.queue.push(...answers);
    return this;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method !== 'POST' || path !== '/v1/chat/completions') return error(res, 404, 'invalid_request_error', 'unknown_url', `Unknown request URL: ${req.method} ${path}`);
    let body: ChatRequestBody;
    try {
      body = JSON.parse(text) as ChatRequestBody;
    } catch {
      return error(res, 400, 'invalid_request_error', 'invalid_json', 'The body is not JSON.');
    }
    this.requests.push({ method: req.method, path, headers: req.headers, body });
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${this.apiKey}`) {
      // As OpenAI does, the message names the key it received (here unmasked): errors must never pass it on.
      return error(res, 401, 'invalid_request_error', 'invalid_api_key', `Incorrect API key provided: ${auth.replace(/^Bearer /, '')}.`);
    }
    if (body.model !== this.model) return error(res, 404, 'invalid_request_error', 'model_not_found', `The model ${body.model} does not exist.`);
    const problem = responseFormatProblem(body.response_format);
    if (problem) return error(res, 400, 'invalid_request_error', 'invalid_json_schema', problem);
    if (!Array.isArray(body.messages) || body.messages.length === 0) return error(res, 400, 'invalid_request_error', 'invalid_messages', 'messages must not be empty');

    const next = this.queue.shift() ?? this.fallback;
    const answer = typeof next === 'function' ? next(body) : next;
    const send = () => {
      if (res.destroyed) return;
      const status = answer.status ?? 200;
      const out = answer.rawBody ?? (status === 200 ? completion(body.model, answer) : JSON.stringify({ error: { message: 'scripted failure', type: 'server_error', code: null } }));
      res.writeHead(status, { 'content-type': 'application/json', ...answer.headers });
      res.end(out);
    };
    if (answer.delayMs) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        send();
      }, answer.delayMs);
      this.timers.add(t);
    } else send();
  }
}

function completion(model: string, a: ScriptedAnswer): string {
  const content = a.refusal !== undefined ? null : typeof a.content === 'string' ? a.content : JSON.stringify(a.content ?? {});
  return JSON.stringify({
    id: 'chatcmpl-test', object: 'chat.completion', created: 1_767_225_600, model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: a.refusal ?? null }, finish_reason: a.finishReason ?? 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
}

function error(res: ServerResponse, status: number, type: string, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
}

/** What strict structured outputs refuse: not json_schema, not strict, or a schema with an open object or an optional property. */
function responseFormatProblem(rf: ChatRequestBody['response_format'] | undefined): string | null {
  if (!rf || rf.type !== 'json_schema') return "response_format.type must be 'json_schema'";
  const js = rf.json_schema;
  if (!js || typeof js.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(js.name)) return 'json_schema.name must be 1 to 64 letters, digits, _ or -';
  if (js.strict !== true) return 'json_schema.strict must be true';
  if (!js.schema || (js.schema as { type?: unknown }).type !== 'object') return 'the root schema must be an object';
  return schemaProblem(js.schema, '#');
}

function schemaProblem(s: unknown, at: string): string | null {
  if (!s || typeof s !== 'object') return null;
  const node = s as Record<string, unknown>;
  if (node.type === 'object') {
    if (node.additionalProperties !== false) return `${at}: additionalProperties must be false`;
    const props = Object.keys((node.properties as object | undefined) ?? {});
    const required = (node.required as string[] | undefined) ?? [];
    const optional = props.filter((p) => !required.includes(p));
    if (optional.length) return `${at}: every property must be required (${optional.join(', ')} are not)`;
    for (const p of props) {
      const problem = schemaProblem((node.properties as Record<string, unknown>)[p], `${at}/properties/${p}`);
      if (problem) return problem;
    }
  }
  if (node.items) return schemaProblem(node.items, `${at}/items`);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) {
      for (const [i, sub] of list.entries()) {
        const problem = schemaProblem(sub, `${at}/${key}/${i}`);
        if (problem) return problem;
      }
    }
  }
  return null;
}
