// `svc webhook:listen`: a local receiver for trying webhooks out. It verifies each delivery exactly as
// the contract tells receivers to (verifyWebhook: raw bytes, constant time, 5-minute window), answers
// 401 to anything unsigned or stale, deduplicates on the event id, and prints one JSON line per
// verified delivery on stdout. No database, no configuration.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { verifyWebhook } from '../src/webhooks/index';
import { createDevTls } from './dev-tls';

export interface ListenOptions {
  port: number;
  secret: string;
  host?: string;
  /** Answer verified deliveries with this status (default 200); 500 shows the retries. A function is asked on every request. */
  status?: number | (() => number);
  certFile?: string;
  keyFile?: string;
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream;
  /** Called for each verified delivery with the exact bytes received and the status it was answered. */
  onDelivery?: (delivery: ReceivedWebhook) => void;
}

export interface ReceivedWebhook {
  event: string;
  eventId: string;
  deliveryId: string | null;
  attempt: string | null;
  duplicate: boolean;
  /** The status the receiver answered. */
  status: number;
  raw: Buffer;
  payload: unknown;
}

/** Starts the receiver; resolves once it listens. Without a certificate, one is made with a throwaway CA. */
export async function listenForWebhooks(options: ListenOptions): Promise<{ server: Server; url: string; caFile: string | null }> {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  let tls: { key: string; cert: string };
  let caFile: string | null = null;
  if (options.certFile && options.keyFile) tls = { key: readFileSync(options.keyFile, 'utf8'), cert: readFileSync(options.certFile, 'utf8') };
  else {
    const made = createDevTls({ days: 30 });
    tls = made;
    caFile = made.caFile;
  }
  const seen = new Set<string>();
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const check = verifyWebhook(raw, req.headers, options.secret);
      if (!check.ok) {
        err.write(`rejected ${req.method} ${req.url}: ${check.reason}\n`);
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: check.reason }));
        return;
      }
      // The event id is the signed body's (verifyWebhook): a replay with a fresh X-SVC-Event-Id is still a duplicate.
      const duplicate = seen.has(check.eventId);
      const payload: unknown = JSON.parse(raw.toString('utf8'));
      const deliveryId = (req.headers['x-svc-delivery-id'] as string | undefined) ?? null;
      const attempt = (req.headers['x-svc-attempt'] as string | undefined) ?? null;
      out.write(`${JSON.stringify({
        event: check.event, eventId: check.eventId, deliveryId, attempt, duplicate, verified: true, payload,
      })}\n`);
      // Duplicates are answered 200, as the contract asks of receivers. An event counts as handled (seen)
      // only once it was answered 2xx, so that `--status 500` keeps failing through every retry.
      const chosen = typeof options.status === 'function' ? options.status() : options.status ?? 200;
      const status = duplicate ? 200 : chosen;
      if (status >= 200 && status < 300) seen.add(check.eventId);
      options.onDelivery?.({ event: check.event, eventId: check.eventId, deliveryId, attempt, duplicate, status, raw, payload });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ received: true, duplicate }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  return { server, url, caFile };
}
