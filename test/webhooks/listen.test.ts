import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { Writable } from 'node:stream';
import { webhookHeaders } from '../../src/webhooks/index';
import { listenForWebhooks, type ReceivedWebhook } from '../../bin/webhook-listen';

function post(url: string, ca: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', ca, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('webhooks: the local receiver (listenForWebhooks)', () => {
  it('keeps answering a failing status through every retry of an event, and remembers it only once answered 2xx', async () => {
    const secret = 'listen-secret-0123456789';
    let status = 500;
    const received: ReceivedWebhook[] = [];
    const sink = new Writable({ write: (_c, _e, done) => done() });
    const { server, url, caFile } = await listenForWebhooks({ port: 0, secret, status: () => status, out: sink, err: sink, onDelivery: (d) => received.push(d) });
    try {
      const ca = readFileSync(caFile!, 'utf8');
      const timestamp = new Date().toISOString();
      const body = JSON.stringify({ event: 'ping', eventId: 'e-1', timestamp });
      const send = (attempt: number) => post(url, ca, webhookHeaders({ secret, body, event: 'ping', eventId: 'e-1', eventVersion: 1, timestamp, deliveryId: 7, attempt }), body);
      expect([await send(1), await send(2)]).to.deep.equal([500, 500]);
      status = 200;
      expect([await send(3), await send(4)]).to.deep.equal([200, 200]);
      expect(received.map((d) => [d.attempt, d.status, d.duplicate])).to.deep.equal([['1', 500, false], ['2', 500, false], ['3', 200, false], ['4', 200, true]]);
      expect(received[0]!.raw.toString('utf8')).to.equal(body);
      expect(received[0]).to.deep.include({ event: 'ping', eventId: 'e-1', deliveryId: '7' });

      // A replay of the delivered event with a fresh X-SVC-Event-Id header is still that event: a duplicate.
      const replay: Record<string, string> = { ...webhookHeaders({ secret, body, event: 'ping', eventId: 'e-1', eventVersion: 1, timestamp, deliveryId: 7, attempt: 5 }), 'x-svc-event-id': 'e-fresh' };
      expect(await post(url, ca, replay, body)).to.equal(200);
      expect(received[4]).to.deep.include({ eventId: 'e-1', duplicate: true });
      // A replay with its timestamps rewritten is refused, through either scheme.
      const later = new Date(Date.now() + 1000);
      const restamped: Record<string, string> = { ...replay, 'x-svc-timestamp': later.toISOString(), 'webhook-timestamp': String(Math.floor(later.getTime() / 1000) + 60) };
      expect(await post(url, ca, restamped, body)).to.equal(401);
      const { 'webhook-id': _i, 'webhook-timestamp': _t, 'webhook-signature': _s, ...svcOnly } = restamped;
      expect(await post(url, ca, svcOnly, body)).to.equal(401);
      expect(received).to.have.length(5);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
