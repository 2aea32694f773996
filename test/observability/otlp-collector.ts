import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP collector received it (ids in hex, attributes flattened to their values). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** The resource's attributes (service.name …). */
  resource: Record<string, string | number | boolean>;
}

interface JsonAnyValue { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number }
interface JsonKeyValue { key: string; value?: JsonAnyValue }
interface JsonExport {
  resourceSpans?: {
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: JsonKeyValue[] }[] }[];
  }[];
}

function flatten(list: JsonKeyValue[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    if (!value) continue;
    if (value.stringValue !== undefined) out[key] = value.stringValue;
    else if (value.intValue !== undefined) out[key] = Number(value.intValue);
    else if (value.boolValue !== undefined) out[key] = value.boolValue;
    else if (value.doubleValue !== undefined) out[key] = value.doubleValue;
  }
  return out;
}

/**
 * An OTLP/HTTP trace collector in this process: a plain node http server on 127.0.0.1 that takes
 * `POST /v1/traces` in the http/json encoding (gzip or not), keeps every span and tells waiters.
 */
export class OtlpCollector {
  readonly spans: ReceivedSpan[] = [];
  /** The content types of the exports received (the protocol the SDK chose). */
  readonly contentTypes: string[] = [];
  private readonly events = new EventEmitter();
  private server!: Server;
  url = '';

  static async start(): Promise<OtlpCollector> {
    const c = new OtlpCollector();
    c.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (d: Buffer) => chunks.push(d));
      req.on('end', () => {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        const type = String(req.headers['content-type'] ?? '');
        c.contentTypes.push(type);
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !type.startsWith('application/json')) {
          res.writeHead(415).end();
          return;
        }
        const parsed = JSON.parse(body.toString('utf8')) as JsonExport;
        for (const rs of parsed.resourceSpans ?? []) {
          const resource = flatten(rs.resource?.attributes);
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              c.spans.push({
                traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId ?? '', name: s.name, kind: s.kind,
                attributes: flatten(s.attributes), resource,
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        c.events.emit('spans');
      });
    });
    await new Promise<void>((resolve) => c.server.listen(0, '127.0.0.1', resolve));
    c.url = `http://127.0.0.1:${(c.server.address() as { port: number }).port}`;
    return c;
  }

  /** Resolves with what `pick` finds in the spans received so far, once it finds something; fails after `timeoutMs`. */
  waitFor<T>(what: string, pick: (spans: ReceivedSpan[]) => T | undefined | null | false, timeoutMs = 15_000): Promise<T> {
    const now = pick(this.spans);
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('spans', check);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (${this.spans.length} spans: ${this.spans.map((s) => s.name).join(', ')})`));
      }, timeoutMs);
      const check = () => {
        const found = pick(this.spans);
        if (!found) return;
        clearTimeout(timer);
        this.events.off('spans', check);
        resolve(found);
      };
      this.events.on('spans', check);
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
