// The webhooks benchmark's HTTPS receiver in its own process (forked by bench/webhooks.ts with an IPC channel),
// so that the producer's commits in the benchmark process do not slow its answers: it verifies every
// signature, answers 200 (401 for a bad one) and keeps a ledger of event ids with the time of the first receipt.
//
// Receipt times are wall-clock milliseconds with sub-millisecond resolution, `performance.timeOrigin +
// performance.now()`, the same expression the benchmark process uses for commit times: each process anchors
// its monotonic clock to the system's wall clock (microsecond resolution) when it starts, so the two agree
// unless the wall clock is stepped between the two starts; the benchmark measures the offset (clockCheck) and
// prints it.
//
// Messages from the parent: {op:'start', key, cert, secret} (answered {op:'listening', port}), then {id, op:
// 'clear'|'count'|'wait'|'ledger'|'clock'|'stop', count?}, each answered with {id, count, invalid, now, ledger?}
// ('wait' once `count` events have been received; 'clear' empties the ledger, not the bad-signature count).
import 'reflect-metadata';
import { createServer } from 'node:https';
import { performance } from 'node:perf_hooks';
import { verifyWebhook } from '../src/webhooks/index';

/** What the parent asks once the receiver listens (sent with an `id` the reply carries). */
export type ReceiverCommand = { op: 'clear' | 'count' | 'ledger' | 'clock' | 'stop' } | { op: 'wait'; count: number };

export type ReceiverRequest = { op: 'start'; key: string; cert: string; secret: string } | (ReceiverCommand & { id: number });

/** The answer to a command: the ledger's size, the bad signatures so far and the receiver's clock (wallNow). */
export interface ReceiverAnswer { id: number; count: number; invalid: number; now: number; ledger?: [string, number][] }

export type ReceiverReply = { op: 'listening'; port: number } | ReceiverAnswer;

/** Wall-clock milliseconds, sub-millisecond resolution; comparable across processes (see above). */
export const wallNow = (): number => performance.timeOrigin + performance.now();

function main(): void {
  const received = new Map<string, number>();
  let invalid = 0;
  let waiting: { id: number; count: number }[] = [];
  const send = (m: ReceiverReply) => process.send!(m);
  const reply = (id: number, extra: Partial<ReceiverAnswer> = {}) => send({ id, count: received.size, invalid, now: wallNow(), ...extra });
  const settleWaits = () => {
    if (!waiting.length) return;
    const due = waiting.filter((w) => received.size >= w.count);
    if (!due.length) return;
    waiting = waiting.filter((w) => received.size < w.count);
    for (const w of due) reply(w.id);
  };

  process.on('message', (m: ReceiverRequest) => {
    if (m.op === 'start') {
      const secret = m.secret;
      const server = createServer({ key: m.key, cert: m.cert, keepAliveTimeout: 30_000 }, (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const check = verifyWebhook(Buffer.concat(chunks), req.headers, secret);
          if (!check.ok) {
            invalid++;
            res.writeHead(401).end();
            return;
          }
          if (!received.has(check.eventId)) {
            received.set(check.eventId, wallNow());
            settleWaits();
          }
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        });
      });
      server.listen(0, '127.0.0.1', () => send({ op: 'listening', port: (server.address() as { port: number }).port }));
      process.once('disconnect', () => process.exit(0));
      stop = () => {
        server.closeAllConnections();
        server.close(() => process.exit(0));
      };
      return;
    }
    switch (m.op) {
      case 'clear':
        received.clear();
        return reply(m.id);
      case 'count':
      case 'clock':
        return reply(m.id);
      case 'wait':
        waiting.push({ id: m.id, count: m.count });
        return settleWaits();
      case 'ledger':
        return reply(m.id, { ledger: [...received] });
      case 'stop':
        reply(m.id);
        return stop();
    }
  });
}

let stop: () => void = () => process.exit(0);

if (require.main === module) main();
