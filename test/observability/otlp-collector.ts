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

/** The fields of one protobuf message (wire format): field number → its values (varints as numbers, length-delimited as bytes). */
function fields(buf: Buffer): Map<number, (number | Buffer)[]> {
  const out = new Map<number, (number | Buffer)[]>();
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = buf[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  };
  while (at < buf.length) {
    const key = varint();
    const [no, wire] = [Math.floor(key / 8), key % 8];
    let value: number | Buffer;
    if (wire === 0) value = varint();
    else if (wire === 1) value = buf.subarray(at, (at += 8));
    else if (wire === 5) value = buf.subarray(at, (at += 4));
    else if (wire === 2) {
      const len = varint();
      value = buf.subarray(at, (at += len));
    } else throw new Error(`protobuf wire type ${wire} is not expected in OTLP traces`);
    out.set(no, [...(out.get(no) ?? []), value]);
  }
  return out;
}

const bytes = (m: Map<number, (number | Buffer)[]>, no: number): Buffer[] => (m.get(no) ?? []).filter((v): v is Buffer => Buffer.isBuffer(v));

/** OTLP's KeyValue list (opentelemetry/proto/common/v1) in protobuf: key 1, value 2 (AnyValue: string 1, bool 2, int 3, double 4). */
function protoAttributes(list: Buffer[]): JsonKeyValue[] {
  return list.map((kv) => {
    const f = fields(kv);
    const any = fields(bytes(f, 2)[0] ?? Buffer.alloc(0));
    const [str] = bytes(any, 1);
    const value: JsonAnyValue = str !== undefined ? { stringValue: str.toString('utf8') }
      : any.has(2) ? { boolValue: any.get(2)![0] === 1 }
        : any.has(3) ? { intValue: any.get(3)![0] as number }
          : any.has(4) ? { doubleValue: (any.get(4)![0] as Buffer).readDoubleLE(0) } : {};
    return { key: bytes(f, 1)[0]!.toString('utf8'), value };
  });
}

/**
 * An ExportTraceServiceRequest in protobuf, read into the shape of its JSON encoding (the fields the tests
 * look at): resource_spans 1 → resource 1 (attributes 1), scope_spans 2 → spans 2 → trace_id 1, span_id 2,
 * parent_span_id 4, name 5, kind 6, attributes 9.
 */
function fromProtobuf(body: Buffer): JsonExport {
  return {
    resourceSpans: bytes(fields(body), 1).map((rsBytes) => {
      const rs = fields(rsBytes);
      const resource = fields(bytes(rs, 1)[0] ?? Buffer.alloc(0));
      return {
        resource: { attributes: protoAttributes(bytes(resource, 1)) },
        scopeSpans: bytes(rs, 2).map((ssBytes) => ({
          spans: bytes(fields(ssBytes), 2).map((spanBytes) => {
            const sp = fields(spanBytes);
            const hex = (no: number) => bytes(sp, no)[0]?.toString('hex') ?? '';
            return { traceId: hex(1), spanId: hex(2), parentSpanId: hex(4), name: bytes(sp, 5)[0]?.toString('utf8') ?? '', kind: Number(sp.get(6)?.[0] ?? 0), attributes: protoAttributes(bytes(sp, 9)) };
          }),
        })),
      };
    }),
  };
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
 * `POST /v1/traces` in the http/json or the http/protobuf encoding (gzip or not), keeps every span and tells waiters.
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
        const json = type.startsWith('application/json');
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !(json || type.startsWith('application/x-protobuf'))) {
          res.writeHead(415).end();
          return;
        }
        const parsed = json ? JSON.parse(body.toString('utf8')) as JsonExport : fromProtobuf(body);
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
        // An empty ExportTraceServiceResponse in either encoding: all accepted.
        res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : '');
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
