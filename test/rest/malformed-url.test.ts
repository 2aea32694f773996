import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createApp } from '../../rest/app';
import { createLogger, type Services } from '../../src/platform/index';
import { runtime } from '../support/runtime';

/**
 * A path parameter with an invalid percent escape (`%ZZ`, a cut-off `%E2%82`, bytes that are not
 * UTF-8) cannot be decoded by the router: it is the caller's mistake, answered 400 in the error
 * shape on every route, never a 500 with a stack in the log.
 */
describe('REST: a URL with an invalid percent escape', () => {
  let server: Server;
  let url: string;
  const logLines: string[] = [];

  before(async () => {
    const rt = await runtime();
    const log = createLogger('info', new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } }) as never);
    const svc: Services = { ...rt.svc, log };
    server = createServer(createApp(svc));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  }));

  const expected = {
    error: 'validation_failed',
    message: 'The request URL has an invalid percent escape.',
    details: [{ path: 'url', message: "must encode UTF-8 with '%' and two hexadecimal digits per byte" }],
  };

  it('answers 400 validation_failed without a token, on every route with a path parameter, and logs no error', async () => {
    const requests: [string, string][] = [
      ['GET', '/v1/cases/%ZZ'],
      ['GET', '/v1/cases/%E2%82/decisions'],
      ['GET', '/v1/cases/abc%/screening'],
      ['POST', '/v1/cases/%C3%28/screening/disposition'],
      ['GET', '/v1/documents/%ZZ'],
      ['POST', '/api/cases/%ZZ/crm-record-id'],
      ['GET', '/schemas/webhooks/%ZZ'],
    ];
    logLines.length = 0;
    for (const [method, path] of requests) {
      const res = await fetch(url + path, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      const where = `${method} ${path}`;
      expect(res.status, where).to.equal(400);
      expect(res.headers.get('content-type'), where).to.match(/^application\/json/);
      expect(await res.json(), where).to.deep.equal(expected);
    }
    const entries = logLines.join('').trim().split('\n').map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown });
    expect(entries.filter((e) => e.level >= 50 || e.err !== undefined), 'no error logged').to.deep.equal([]);
    expect(logLines.join(''), 'no stack trace in the log').to.not.include('URIError');
  });

  it('documents 400 for the operations whose path parameter can be malformed', async () => {
    const doc = (await (await fetch(`${url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const [path, op] of Object.entries(doc.paths)) {
      if (!path.includes('{')) continue;
      for (const [method, operation] of Object.entries(op)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        expect(Object.keys(operation.responses), `${method.toUpperCase()} ${path}`).to.include('400');
      }
    }
  });

  it('still decodes a valid escape: /v1/cases/%41 asks for case "A" (401 without a token, as for any id)', async () => {
    const res = await fetch(`${url}/v1/cases/%41`);
    expect(res.status).to.equal(401);
    expect(((await res.json()) as { error: string }).error).to.equal('invalid_token');
  });
});
