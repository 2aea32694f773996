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
      const body = '{"event":"ping","eventId":"e-1"}';
      const send = (attempt: number) => post(url, ca, webhookHeaders({ secret, body, event: 'ping', eventId: 'e-1', eventVersion: 1, timestamp: new Date().toISOString(), deliveryId: 7, attempt }), body);
      expect([await send(1), await send(2)]).to.deep.equal([500, 500]);
      status = 200;
      expect([await send(3), await send(4)]).to.deep.equal([200, 200]);
      expect(received.map((d) => [d.attempt, d.status, d.duplicate])).to.deep.equal([['1', 500, false], ['2', 500, false], ['3', 200, false], ['4', 200, true]]);
      expect(received[0]!.raw.toString('utf8')).to.equal(body);
      expect(received[0]).to.deep.include({ event: 'ping', eventId: 'e-1', deliveryId: '7' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
