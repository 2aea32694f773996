import { expect } from 'chai';
import type { Server } from 'node:http';
import { buildHttpApp, type HttpApp } from '../../bin/http-app';
import { formatGraphqlError } from '../../graphql/errors';
import { runtime } from '../support/runtime';

describe('GraphQL adapter (/graphql)', () => {
  let http: HttpApp;
  let server: Server;
  let url: string;
  before(async () => {
    http = await buildHttpApp((await runtime()).svc);
    server = http.app.listen(0);
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  });
  after(async () => {
    await new Promise((r) => server.close(r));
    await http.stop();
  });

  const post = async (body: unknown) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: { extensions: unknown }[] } };
  };

  it('answers the health query from the domain', async () => {
    expect(await post({ query: '{ health { ready mysql queue } }' })).to.deep.equal({
      status: 200,
      body: { data: { health: { ready: true, mysql: 'ok', queue: 'ok' } } },
    });
  });

  it('reports invalid queries without a stack trace', async () => {
    const res = await post({ query: '{ nope }' });
    expect(res.status).to.equal(400);
    expect(res.body.errors![0]!.extensions).to.deep.equal({ code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(JSON.stringify(res.body)).to.not.contain('stacktrace');
  });

  it('answers a lost database connection as SERVICE_UNAVAILABLE (retry), never INTERNAL_SERVER_ERROR or its message', () => {
    const lost = Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
    const out = formatGraphqlError({ message: lost.message, path: ['health'] }, lost);
    expect(out.extensions?.code).to.equal('SERVICE_UNAVAILABLE');
    expect(out.message).to.not.contain('Connection lost');
    expect(formatGraphqlError({ message: 'boom' }, new Error('boom'))).to.deep.equal({ message: 'An internal error occurred.', path: undefined, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });
});
