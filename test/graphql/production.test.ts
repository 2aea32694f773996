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

  it('leaves out the "Did you mean …?" hints that would name schema fields, types and enum values', async () => {
    const typo = '{ mee { id } }';
    const badEnum = '{ cases(first: 1, filter: { status: [aproved] }) { edges { cursor } } }';
    const h = await ConsoleHarness.start({ config: { nodeEnv: 'production' } });
    const dev = await ConsoleHarness.start();
    try {
      const [prod, shown] = [await h.browser().gql(typo), await dev.browser().gql(typo)];
      expect(shown.body.errors![0]!.message).to.equal('Cannot query field "mee" on type "Query". Did you mean "me"?');
      expect(prod.status).to.equal(400);
      expect(prod.body.errors).to.deep.equal([{ message: 'Cannot query field "mee" on type "Query".', locations: [{ line: 1, column: 3 }], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
      const [prodEnum, shownEnum] = [await h.browser().gql(badEnum), await dev.browser().gql(badEnum)];
      expect(shownEnum.body.errors![0]!.message).to.equal('Value "aproved" does not exist in "CaseStatus" enum. Did you mean the enum value "approved"?');
      expect(prodEnum.body.errors!.map((e) => [e.message, e.extensions.code])).to.deep.equal([['Value "aproved" does not exist in "CaseStatus" enum.', 'GRAPHQL_VALIDATION_FAILED']]);
      // The same in a variable's value (refused with 400 BAD_USER_INPUT before the operation runs).
      const byVariable = 'query($s: [CaseStatus!]) { cases(first: 1, filter: { status: $s }) { edges { cursor } } }';
      const [prodVar, shownVar] = [await h.browser().gql(byVariable, { s: ['aproved'] }), await dev.browser().gql(byVariable, { s: ['aproved'] })];
      expect(shownVar.body.errors![0]!.message).to.contain('Did you mean the enum value "approved"?');
      expect(prodVar.status).to.equal(400);
      expect(prodVar.body.errors!.map((e) => [e.message, e.extensions.code])).to.deep.equal([
        ['Variable "$s" got invalid value "aproved" at "s[0]"; Value "aproved" does not exist in "CaseStatus" enum.', 'BAD_USER_INPUT'],
      ]);
    } finally {
      await h.close();
      await dev.close();
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
