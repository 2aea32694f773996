import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import type { Tenant } from '../../src/tenants/index';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';
import { connectAssistant, REDIRECT, TestProvider } from '../mcp/support';
import { newApiClient, newConnector } from '../oauth/harness';
import { bulkCases } from '../support/bulk-cases';

/**
 * One rule per limit (src/pagination/limits.ts): the same page size, cursor and search give the same
 * outcome on REST (GET /v1/cases), GraphQL (cases) and MCP (search_cases), each in its own error shape.
 * tRPC (the customer portal) has no paged list.
 */
type Detail = { path: string; message: string };
type Outcome = { ids: string[] } | { details: Detail[] };

const CASES = 'query ($first: Int, $after: String, $search: String) { cases(first: $first, after: $after, filter: { search: $search }) { edges { node { caseId } } } }';

describe('paging and search: one rule on every door', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let tenant: Tenant;
  let token: string;
  let console_: ConsoleClient;
  let mcp: Client;
  let bulk: string[];
  let named: { alpha: string; alps: string; beta: string };

  before(async () => {
    h = await ConsoleHarness.start();
    tenant = await h.tenant('Doors Ltd');
    bulk = await bulkCases(h.svc, tenant.id, 201, '7');
    const open = async (companyName: string, customerEmail: string) =>
      (await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName, customerEmail })).caseId;
    named = {
      alpha: await open('Alpha Trading Ltd', 'owner@alpha.example'),
      alps: await open('alps Freight Ltd', 'ops@freight.example'),
      beta: await open('Beta Holdings Ltd', 'alfred@beta.example'),
    };
    const api = await newApiClient(h.svc, tenant.id, 'read:cases');
    const res = await fetch(`${h.url}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: api.clientId, client_secret: api.clientSecret }),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
    const member = await h.member('analyst', tenant);
    console_ = await h.signedInAs(member);
    const connector = await newConnector(h.svc, [REDIRECT], true);
    mcp = (await connectAssistant(h, new TestProvider({ client: { client_id: connector.clientId } }), member)).client;
  });
  after(async () => {
    await mcp.close();
    await h.close();
  });

  /** The three doors asked the same thing: limit / first, cursor / after, search / filter.search. */
  async function rest(q: { limit?: number; cursor?: string; search?: string }): Promise<Outcome> {
    const params = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await fetch(`${h.url}/v1/cases?${params}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: { caseId: string }[]; error?: string; details?: Detail[] };
    if (res.status === 200) return { ids: body.data.map((c) => c.caseId) };
    expect(res.status).to.equal(400);
    expect(body.error).to.equal('validation_failed');
    return { details: body.details! };
  }
  async function graphql(q: { limit?: number; cursor?: string; search?: string }): Promise<Outcome> {
    const answer = await console_.gql<{ cases: { edges: { node: { caseId: string } }[] } }>(CASES, { first: q.limit, after: q.cursor, search: q.search });
    if (!answer.body.errors) return { ids: answer.body.data!.cases.edges.map((e) => e.node.caseId) };
    expect(answer.body.errors[0]!.extensions.code).to.equal('BAD_USER_INPUT');
    return { details: answer.body.errors[0]!.extensions.details as Detail[] };
  }
  async function tool(q: { limit?: number; cursor?: string; search?: string }): Promise<Outcome> {
    const result = (await mcp.callTool({ name: 'search_cases', arguments: q })) as { structuredContent?: { data: { caseId: string }[] }; content: { text: string }[]; isError?: boolean };
    if (!result.isError) return { ids: result.structuredContent!.data.map((c) => c.caseId) };
    const [head, ...lines] = result.content[0]!.text.split('\n');
    expect(head).to.match(/^validation_failed: /);
    return { details: lines.map((l) => /^- (\S+) (.*)$/.exec(l)!).map(([, path, message]) => ({ path: path!, message: message! })) };
  }
  const everyDoor = async (q: { limit?: number; cursor?: string; search?: string }) => ({ rest: await rest(q), graphql: await graphql(q), mcp: await tool(q) });

  it('a page size above 200 is read as 200 everywhere; below 1 is refused with the same words', async () => {
    const newest = [named.beta, named.alps, named.alpha, ...[...bulk].reverse()].slice(0, 200);
    for (const limit of [200, 201, 5000]) {
      expect(await everyDoor({ limit }), String(limit)).to.deep.equal({ rest: { ids: newest }, graphql: { ids: newest }, mcp: { ids: newest } });
    }
    const refused = await everyDoor({ limit: 0 });
    expect(refused).to.deep.equal({
      rest: { details: [{ path: 'limit', message: 'must be at least 1' }] },
      graphql: { details: [{ path: 'first', message: 'must be at least 1' }] },
      mcp: { details: [{ path: 'limit', message: 'must be at least 1' }] },
    });
  });

  it('a cursor longer than 512 characters is refused with the same words; a forged one of 512 as not a cursor of the list', async () => {
    expect(await everyDoor({ cursor: 'A'.repeat(513) })).to.deep.equal({
      rest: { details: [{ path: 'cursor', message: 'must be at most 512 characters long' }] },
      graphql: { details: [{ path: 'cursor', message: 'must be at most 512 characters long' }] },
      mcp: { details: [{ path: 'cursor', message: 'must be at most 512 characters long' }] },
    });
    const forged = [{ path: 'cursor', message: 'is not a cursor of this list; pass back nextCursor verbatim with the same filters' }];
    expect(await everyDoor({ cursor: `${'A'.repeat(400)}.${'B'.repeat(111)}` })).to.deep.equal({
      rest: { details: forged }, graphql: { details: forged }, mcp: { details: forged },
    });
  });

  it('search is one parameter with one matching rule: words anywhere (full text) or a prefix of the company, customer, email, caseId or crmRecordId', async () => {
    const same = (ids: string[]) => ({ rest: { ids }, graphql: { ids }, mcp: { ids } });
    // "al": words beginning with it (two company names, any letter case, and one customer email); never inside a word.
    expect(await everyDoor({ search: '  AL ' })).to.deep.equal(same([named.beta, named.alps, named.alpha]));
    expect(await everyDoor({ search: 'ops@FREIGHT' })).to.deep.equal(same([named.alps]));
    expect(await everyDoor({ search: named.alpha.toLowerCase() })).to.deep.equal(same([named.alpha]));
    // Words anywhere, in any order, across the company and the email: the full-text index.
    expect(await everyDoor({ search: 'Trading' })).to.deep.equal(same([named.alpha]));
    expect(await everyDoor({ search: 'freight alps' })).to.deep.equal(same([named.alps]));
    expect(await everyDoor({ search: 'holdings alfred' })).to.deep.equal(same([named.beta]));
    expect(await everyDoor({ search: 'rading' })).to.deep.equal(same([]));
    // Blank is no search.
    expect(await everyDoor({ search: '   ', limit: 3 })).to.deep.equal(same([named.beta, named.alps, named.alpha]));
    // Too long: the same words, on the door's own name of the parameter.
    const tooLong = { message: 'must be at most 200 characters long' };
    expect(await everyDoor({ search: 'x'.repeat(201) })).to.deep.equal({
      rest: { details: [{ path: 'search', ...tooLong }] }, graphql: { details: [{ path: 'filter.search', ...tooLong }] }, mcp: { details: [{ path: 'search', ...tooLong }] },
    });
  });

  it('a cursor of a search continues that search on the door that issued it, and is refused without it', async () => {
    const res = await fetch(`${h.url}/v1/cases?search=al&limit=2`, { headers: { authorization: `Bearer ${token}` } });
    const page = (await res.json()) as { data: { caseId: string }[]; nextCursor: string; hasMore: boolean };
    expect(page.data.map((c) => c.caseId)).to.deep.equal([named.beta, named.alps]);
    expect(await rest({ search: 'al', cursor: page.nextCursor })).to.deep.equal({ ids: [named.alpha] });
    expect(await tool({ search: 'al', cursor: page.nextCursor })).to.deep.equal({ ids: [named.alpha] });
    expect(await rest({ cursor: page.nextCursor })).to.have.property('details');
  });

  it('GET /v1/cases takes the search as q too: the same rule, the same cursors, the same limits', async () => {
    const get = async (query: string) => {
      const res = await fetch(`${h.url}/v1/cases?${query}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as { data: { caseId: string }[]; nextCursor: string | null; hasMore: boolean; error?: string; details?: Detail[] } };
    };
    const first = await get('q=al&limit=2');
    expect(first.status).to.equal(200);
    expect(first.body.data.map((c) => c.caseId)).to.deep.equal([named.beta, named.alps]);
    expect(first.body.hasMore).to.equal(true);
    // A cursor of q continues under q or search alike (one search), and is refused without it.
    const next = await get(`q=al&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(next.body.data.map((c) => c.caseId)).to.deep.equal([named.alpha]);
    expect(next.body.hasMore).to.equal(false);
    expect((await rest({ search: 'al', cursor: first.body.nextCursor! }))).to.deep.equal({ ids: [named.alpha] });
    expect((await get(`cursor=${encodeURIComponent(first.body.nextCursor!)}`)).status).to.equal(400);
    expect((await get('q=Trading')).body.data.map((c) => c.caseId)).to.deep.equal([named.alpha]);
    expect((await get('q=Trading&search=Trading')).body.data.map((c) => c.caseId)).to.deep.equal([named.alpha]);
    const both = await get('q=Trading&search=Beta');
    expect(both.status).to.equal(400);
    expect(both.body).to.deep.include({ error: 'validation_failed' });
    expect(both.body.details).to.deep.equal([{ path: 'q', message: 'must say the same as search when both are given; give one of them' }]);
    const tooLong = await get(`q=${'x'.repeat(201)}`);
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.details).to.deep.equal([{ path: 'q', message: 'must be at most 200 characters long' }]);
  });
});
