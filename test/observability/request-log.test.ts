import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import { createApp } from '../../rest/app';
import type { Runtime } from '../../bin/compose';
import { createLogger, type Services } from '../../src/platform/index';
import { runtime } from '../support/runtime';
import { within } from '../support/within';

interface Line {
  msg: string;
  reqId?: string;
  req?: { id: string };
  level: number;
}

describe('observability: every log line of a request carries its reqId', function () {
  this.timeout(20_000);
  let rt: Runtime;
  let server: Server;
  let url: string;
  const lines: Line[] = [];
  // Each request's handler waits at this gate until both have started, so that their lines interleave.
  let started = 0;
  let bothStarted!: () => void;
  const gate = new Promise<void>((resolve) => (bothStarted = resolve));
  let firstChunk!: () => void;
  const chunkArrived = new Promise<void>((resolve) => (firstChunk = resolve));

  before(async () => {
    rt = await runtime();
    const log = createLogger('debug', { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
    const svc: Services = { ...rt.svc, log };
    const app = createApp(svc, (a) => {
      // A handler like any other: lines before and after a database round trip and a wait, then a failure.
      a.get('/test/log-lines', async (req, res) => {
        svc.log.info('handler started');
        if (++started === 2) bothStarted();
        await gate;
        await svc.db.query('SELECT 1');
        svc.log.info('after the database');
        await new Promise((resolve) => setImmediate(resolve));
        if (req.query.fail === 'yes') throw new Error('boom');
        svc.log.debug('answering');
        res.json({ ok: true });
      });
      // A body parser calls the next handler from the request stream's `end` event.
      a.post('/test/log-body', express.json(), (req, res) => {
        svc.log.info('body parsed');
        res.json({ got: req.body });
      });
      // A body read as it arrives: each chunk's line, and the first chunk's arrival told to the test.
      a.post('/test/log-stream', (req, res) => {
        req.on('data', (chunk: Buffer) => {
          svc.log.info(`chunk ${chunk.toString()}`);
          firstChunk();
        });
        req.on('end', () => res.json({ ok: true }));
      });
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('two requests at once: each line names its own request, the error line and the access line included', async () => {
    const [a, b] = await Promise.all([
      fetch(`${url}/test/log-lines?fail=yes`, { headers: { 'x-request-id': 'req-a' } }),
      fetch(`${url}/test/log-lines?fail=no&token=s3cr3t`, { headers: { 'x-request-id': 'req-b' } }),
    ]);
    expect(a.status).to.equal(500);
    expect(await a.json()).to.deep.equal({ error: 'internal_error', message: 'An internal error occurred.', requestId: 'req-a' });
    expect(a.headers.get('x-request-id')).to.equal('req-a');
    expect(b.headers.get('x-request-id')).to.equal('req-b');
    expect(b.status).to.equal(200);

    // Every line written meanwhile carries a reqId, and the access line's req.id agrees with it.
    expect(lines.filter((l) => !l.reqId).map((l) => l.msg)).to.deep.equal([]);
    expect(lines.filter((l) => l.req && l.req.id !== l.reqId)).to.deep.equal([]);
    const of = (id: string) => lines.filter((l) => l.reqId === id).map((l) => l.msg);
    expect(of('req-a')).to.include.members(['handler started', 'after the database', 'unhandled error', 'request errored']);
    expect(of('req-b')).to.include.members(['handler started', 'after the database', 'answering', 'request completed']);
    expect(of('req-a')).to.not.include('answering');
    expect(JSON.stringify(lines)).to.not.contain('s3cr3t');
  });

  it('a handler called from the request stream\'s events (a parsed JSON body) writes its lines in the request too', async () => {
    lines.length = 0;
    const res = await fetch(`${url}/test/log-body`, { method: 'POST', headers: { 'x-request-id': 'req-c', 'content-type': 'application/json' }, body: JSON.stringify({ a: 1 }) });
    expect([res.status, await res.json()]).to.deep.equal([200, { got: { a: 1 } }]);
    expect(lines.filter((l) => l.msg === 'body parsed').map((l) => l.reqId)).to.deep.equal(['req-c']);
  });

  it('a body that arrives in parts: the lines of its later chunks, emitted from the socket, are the request\'s too', async () => {
    lines.length = 0;
    const { request } = await import('node:http');
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${url}/test/log-stream`, { method: 'POST', headers: { 'x-request-id': 'req-d', 'content-type': 'text/plain' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.flushHeaders();
      req.write('one');
      void within(chunkArrived, 5_000, 'the first chunk at the server').then(() => req.end('two'), reject);
    });
    expect(await within(answered, 5_000, 'the answer')).to.equal(200);
    expect(lines.filter((l) => l.msg.startsWith('chunk')).map((l) => [l.msg, l.reqId])).to.deep.equal([['chunk one', 'req-d'], ['chunk two', 'req-d']]);
  });
});
