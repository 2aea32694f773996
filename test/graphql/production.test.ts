import { expect } from 'chai';
import { ConsoleHarness } from './harness';

/** What /graphql shows a stranger under NODE_ENV=production, beside what it shows in development. */
describe('console GraphQL in production: no introspection, no landing page', () => {
  const introspect = '{ __schema { queryType { name } } }';
  const landing = async (url: string) => {
    const res = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  };

  it('refuses introspection and shows no landing page when NODE_ENV=production', async () => {
    const h = await ConsoleHarness.start({ config: { nodeEnv: 'production' } });
    try {
      const res = await h.browser().gql(introspect);
      expect(res.status).to.equal(400);
      expect(res.body.errors![0]!.extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
      expect(res.body.errors![0]!.message).to.match(/introspection is not allowed/i);
      const page = await landing(h.url);
      expect(page.type).to.not.contain('text/html');
      expect(page.body).to.not.match(/<html/i);
    } finally {
      await h.close();
    }
  });

  it('answers introspection outside production (the web build generates its types from the same schema)', async () => {
    const h = await ConsoleHarness.start();
    try {
      expect(await h.browser().data(introspect)).to.deep.equal({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await h.close();
    }
  });
});
