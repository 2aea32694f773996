// `svc webhook:listen`: a local receiver for trying webhooks out. It verifies each delivery exactly as
// the contract tells receivers to (verifyWebhook: raw bytes, constant time, 5-minute window), answers
// 401 to anything unsigned or stale, deduplicates on the event id, and prints one JSON line per
// verified delivery on stdout. No database, no configuration.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { verifyWebhook } from '../src/index';
import { createDevTls } from './dev-tls';

export interface ListenOptions {
  port: number;
  secret: string;
  host?: string;
  /** Answer verified deliveries with this status (default 200); 500 shows the retries. */
  status?: number;
  certFile?: string;
  keyFile?: string;
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream;
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
      const duplicate = check.eventId !== null && seen.has(check.eventId);
      if (check.eventId) seen.add(check.eventId);
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        payload = raw.toString('utf8');
      }
      out.write(`${JSON.stringify({
        event: check.event, eventId: check.eventId, deliveryId: req.headers['x-svc-delivery-id'] ?? null,
        attempt: req.headers['x-svc-attempt'] ?? null, duplicate, verified: true, payload,
      })}\n`);
      // Duplicates are answered 200, as the contract asks of receivers.
      const status = duplicate ? 200 : options.status ?? 200;
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
