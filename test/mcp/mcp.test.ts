import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { memberActor, operatorActor } from '../../src/access/index';
import { countAssistantCalls, listCaseAssistantReads } from '../../src/assistant/index';
import { openCase } from '../../src/onboarding/index';
import { relayEvents } from '../../src/events/index';
import { disconnectApp, listConnectedApps } from '../../src/oauth/index';
import { createMember, type Tenant } from '../../src/tenants/index';
import { seedDecision, seedDocument, seedHit } from '../rest/factories';
import { newTenant, runtime } from '../support/runtime';
import { decodeJwt, get, newConnector, pkce, post, type Harness } from '../oauth/harness';
import { connectAssistant, consentInBrowser, REDIRECT, startMcpServer, TestProvider } from './support';

type ToolResult = { structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[]; isError?: boolean };

const TOOL_NAMES = ['search_cases', 'get_case', 'list_case_decisions', 'list_case_screening', 'list_documents', 'get_document', 'list_events'];

describe('MCP server: an AI assistant connects with OAuth and reads the tenant through the pull-API use cases', function () {
  this.timeout(60_000);
  let h: Harness;
  let a: { tenant: Tenant; member: { id: string; email: string; password: string }; cases: { caseId: string; pk: number }[]; documentId: number };
  let b: { tenant: Tenant; member: { id: string; email: string; password: string }; caseId: string };
  let connectorId: string;

  const member = async (tenant: Tenant, role: 'analyst' | 'admin' = 'analyst') => {
    const email = `${role}.${tenant.id.slice(0, 8)}@assistants.example`;
    const password = 'assistant member password 1';
    const m = await createMember(h.svc, operatorActor(tenant.id), { email, password, role });
    return { id: m.id, email, password };
  };

  before(async () => {
    h = await startMcpServer();
    const rt = await runtime();
    const tenantA = await newTenant(rt, 'Acme Compliance Ltd');
    const cases = [];
    for (const name of ['Alpha Trading Ltd', 'Beta Holdings Ltd', 'Gamma Shipping Ltd']) {
      cases.push(await openCase(h.svc, operatorActor(tenantA.id), { source: 'manual', companyName: name, customerEmail: null }));
    }
    const alpha = cases[0]!;
    await seedDecision(h.svc, tenantA.id, alpha.pk, { outcome: 'approved', notes: 'All checks passed.' });
    await seedHit(h.svc, tenantA.id, alpha.pk, { hitId: 'hit-1', isPep: true, triaged: true });
    const documentId = await seedDocument(h.svc, tenantA.id, alpha.pk, { extractedData: { companyName: 'Alpha Trading Ltd', registrationNumber: '07654321' } });
    a = { tenant: tenantA, member: await member(tenantA), cases, documentId };
    const tenantB = await newTenant(rt, 'Other Org Ltd');
    const bCase = await openCase(h.svc, operatorActor(tenantB.id), { source: 'manual', companyName: 'Bravo Imports Ltd', customerEmail: null });
    b = { tenant: tenantB, member: await member(tenantB), caseId: bCase.caseId };
    await relayEvents(h.svc);
    connectorId = (await newConnector(h.svc, [REDIRECT], true)).clientId;
  });
  after(() => h.close());

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolResult;

  it('answers an unauthenticated request with 401 and the resource metadata that leads to the authorization server', async () => {
    const res = await post(h.url, '/mcp', { json: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} } }, { accept: 'application/json, text/event-stream' });
    expect(res.status).to.equal(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).to.equal(`Bearer resource_metadata="${h.url}/.well-known/oauth-protected-resource/mcp"`);
    const prm = await get(h.url, '/.well-known/oauth-protected-resource/mcp');
    expect(prm.status).to.equal(200);
    expect(prm.body).to.deep.include({ resource: `${h.url}/mcp`, authorization_servers: [h.url], bearer_methods_supported: ['header'] });
    const as = await get(h.url, '/.well-known/oauth-authorization-server');
    expect(as.body).to.deep.include({ issuer: h.url, client_id_metadata_document_supported: true, code_challenge_methods_supported: ['S256'] });
    const garbage = await post(h.url, '/mcp', { json: {} }, { authorization: 'Bearer not-a-token' });
    expect(garbage.status).to.equal(401);
    expect(garbage.headers.get('www-authenticate')).to.contain('error="invalid_token"').and.contain('resource_metadata=');
  });

  it('connects through sign-in and consent with PKCE and resource, lists seven read-only tools, and every result matches its output schema', async () => {
    const provider = new TestProvider({ client: { client_id: connectorId } });
    const { client, consent, authorizationUrl, tokens } = await connectAssistant(h, provider, a.member);
    expect(authorizationUrl.searchParams.get('resource')).to.equal(`${h.url}/mcp`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(consent).to.contain('<strong>Assistant Connector</strong> wants access to Acme Compliance Ltd');
    expect(consent).to.contain('Read your organisation’s cases').and.contain('Read documents uploaded to cases').and.not.contain('Create new cases');
    expect(decodeJwt(tokens.access_token).payload).to.include({ aud: `${h.url}/mcp`, client_id: connectorId, sub: a.member.id, org_id: a.tenant.id });

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).to.deep.equal(TOOL_NAMES);
    for (const t of tools) {
      expect(t.annotations, t.name).to.deep.include({ readOnlyHint: true, destructiveHint: false });
      expect(t.outputSchema, t.name).to.include({ type: 'object' });
      expect(t.description!.length, t.name).to.be.greaterThan(80);
    }
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const schemaOf = new Map(tools.map((t) => [t.name, ajv.compile(t.outputSchema!)]));
    const alpha = a.cases[0]!.caseId;
    const calls: [string, Record<string, unknown>][] = [
      ['search_cases', {}], ['get_case', { caseId: alpha }], ['list_case_decisions', { caseId: alpha }], ['list_case_screening', { caseId: alpha }],
      ['list_documents', { caseId: alpha }], ['get_document', { documentId: a.documentId }], ['list_events', {}],
    ];
    const results = new Map<string, ToolResult>();
    for (const [name, args] of calls) {
      const r = await call(client, name, args);
      expect(r.isError, `${name}: ${r.content[0]?.text}`).to.not.equal(true);
      const validate = schemaOf.get(name)!;
      expect(validate(r.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`).to.equal(true);
      expect(r.content[0]!.type).to.equal('text');
      results.set(name, r);
    }
    expect((results.get('search_cases')!.structuredContent!.data as { caseId: string }[]).map((c) => c.caseId)).to.deep.equal(a.cases.map((c) => c.caseId).reverse());
    expect(results.get('get_case')!.structuredContent).to.deep.include({ caseId: alpha, companyName: 'Alpha Trading Ltd' });
    expect(results.get('get_case')!.content[0]!.text).to.contain(`${alpha} Alpha Trading Ltd`).and.contain('approved by analyst@example.com');
    expect((results.get('list_case_decisions')!.structuredContent!.data as { notes: string }[])[0]!.notes).to.equal('All checks passed.');
    expect((results.get('list_case_screening')!.structuredContent!.data as { hitId: string; isPep: boolean }[])[0]).to.include({ hitId: 'hit-1', isPep: true });
    expect(results.get('get_document')!.structuredContent!.extractedData).to.deep.equal({ companyName: 'Alpha Trading Ltd', registrationNumber: '07654321' });
    const events = results.get('list_events')!.structuredContent!.data as { eventType: string; data: { caseId?: string } }[];
    expect(events.map((e) => e.data.caseId)).to.include.members(a.cases.map((c) => c.caseId));
    await client.close();
  });

  it('pages with the pull API\'s cursors, filters by search and status, and explains bad arguments as a tool error', async () => {
    const { client } = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), a.member);
    const first = await call(client, 'search_cases', { limit: 2 });
    expect(first.structuredContent).to.include({ hasMore: true });
    expect(first.content[0]!.text).to.contain('More results: call again with cursor');
    const second = await call(client, 'search_cases', { limit: 2, cursor: first.structuredContent!.nextCursor });
    expect(second.structuredContent).to.include({ hasMore: false, nextCursor: null });
    const seen = [...(first.structuredContent!.data as { caseId: string }[]), ...(second.structuredContent!.data as { caseId: string }[])].map((c) => c.caseId);
    expect(seen).to.deep.equal(a.cases.map((c) => c.caseId).reverse());

    const beta = await call(client, 'search_cases', { search: 'beta' });
    expect((beta.structuredContent!.data as { companyName: string }[]).map((c) => c.companyName)).to.deep.equal(['Beta Holdings Ltd']);
    const none = await call(client, 'search_cases', { status: ['approved'] });
    expect(none.structuredContent!.data).to.deep.equal([]);
    const foreignCursor = await call(client, 'search_cases', { search: 'beta', cursor: first.structuredContent!.nextCursor });
    expect(foreignCursor.isError).to.equal(true);
    expect(foreignCursor.content[0]!.text).to.contain('validation_failed').and.contain('cursor');
    const bad = await call(client, 'search_cases', { status: ['open'], limit: 0 });
    expect(bad.isError).to.equal(true);
    expect(bad.content[0]!.text).to.contain('validation_failed').and.contain('status.0 must be one of').and.contain('limit must be at least 1');
    // The page-size rule of every door: above 200 is read as 200, not refused.
    expect((await call(client, 'search_cases', { limit: 500 })).structuredContent).to.include({ hasMore: false });
    await client.close();
  });

  it('refuses a pull-API token at /mcp and an MCP token at /v1; a token issued for both works on both', async () => {
    const { client, tokens } = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), a.member);
    await client.close();
    const mcpToken = tokens.access_token;
    const probe = await get(h.url, '/v1/probe', { authorization: `Bearer ${mcpToken}` });
    expect(probe.status).to.equal(401);
    expect(probe.body).to.deep.equal({ error: 'invalid_token', message: 'The access token was not issued for this resource.' });
    // The same grant refreshed for the pull API alone: a token for another resource than the one it names.
    const refresh = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: connectorId, resource: `${h.url}/v1` } });
    expect(refresh.status, refresh.text).to.equal(400);
    expect(refresh.body).to.include({ error: 'invalid_target' });

    const init = (token: string) => post(h.url, '/mcp', { json: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } }, { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' });
    // Authorized for both resources (RFC 8707, resource twice): the token names both and works at both.
    const { verifier, challenge } = pkce();
    const q = new URLSearchParams({ response_type: 'code', client_id: connectorId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', state: 's' });
    q.append('resource', `${h.url}/v1`);
    q.append('resource', `${h.url}/mcp`);
    const { code } = await consentInBrowser(h, new URL(`${h.url}/v1/oauth/authorize?${q}`), a.member);
    const both = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: connectorId } });
    expect(both.status, both.text).to.equal(200);
    expect(decodeJwt(both.body.access_token as string).payload.aud).to.deep.equal([`${h.url}/v1`, `${h.url}/mcp`]);
    expect((await get(h.url, '/v1/probe', { authorization: `Bearer ${both.body.access_token as string}` })).status).to.equal(200);
    expect((await init(both.body.access_token as string)).status).to.equal(200);
    // Its refresh narrowed to the pull API: refused at /mcp.
    const narrowed = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: both.body.refresh_token as string, client_id: connectorId, resource: `${h.url}/v1` } });
    expect(narrowed.status, narrowed.text).to.equal(200);
    const v1Only = narrowed.body.access_token as string;
    expect(decodeJwt(v1Only).payload.aud).to.equal(`${h.url}/v1`);
    const refused = await init(v1Only);
    expect(refused.status).to.equal(401);
    expect(refused.headers.get('www-authenticate')).to.equal(
      `Bearer error="invalid_token", error_description="The access token was not issued for this resource.", resource_metadata="${h.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    // An unknown resource is invalid_target, sent back to the client.
    const other = new URLSearchParams(q);
    other.set('resource', 'https://elsewhere.example/api');
    const res = await get(h.url, `/v1/oauth/authorize?${other}`);
    expect(res.status).to.equal(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).to.equal('invalid_target');
  });

  it('holds each tool to its scope: a grant of read:cases alone reads cases but gets insufficient_scope for documents', async () => {
    const { verifier, challenge } = pkce();
    const q = new URLSearchParams({
      response_type: 'code', client_id: connectorId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', state: 's2', scope: 'read:cases', resource: `${h.url}/mcp`,
    });
    const { code, consent } = await consentInBrowser(h, new URL(`${h.url}/v1/oauth/authorize?${q}`), a.member);
    expect(consent).to.contain('Read your organisation’s cases').and.not.contain('Read documents');
    const tokens = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: connectorId, resource: `${h.url}/mcp` } });
    expect(tokens.status, tokens.text).to.equal(200);
    const rpc = (name: string, args: Record<string, unknown>) => post(h.url, '/mcp', { json: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } } }, {
      authorization: `Bearer ${tokens.body.access_token as string}`, accept: 'application/json, text/event-stream',
    });
    const cases = await rpc('search_cases', { limit: 1 });
    expect(cases.status).to.equal(200);
    expect((cases.body.result as ToolResult).isError).to.not.equal(true);
    const document = await rpc('get_document', { documentId: a.documentId });
    expect(document.body.result).to.deep.equal({ content: [{ type: 'text', text: 'insufficient_scope: This request requires the scope read:documents.' }], isError: true });
  });

  it('keeps tenants apart: a member of tenant B never sees tenant A\'s cases through any tool', async () => {
    const { client } = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), b.member);
    // Case numbers are per tenant: B's first case has the id of A's first; A's third has no twin in B.
    const gamma = a.cases[2]!.caseId;
    const alpha = a.cases[0]!.caseId;
    const search = await call(client, 'search_cases', {});
    expect((search.structuredContent!.data as { caseId: string }[]).map((c) => c.caseId)).to.deep.equal([b.caseId]);
    expect((await call(client, 'search_cases', { search: 'Alpha' })).structuredContent!.data).to.deep.equal([]);
    if (alpha === b.caseId) expect((await call(client, 'get_case', { caseId: alpha })).structuredContent).to.include({ companyName: 'Bravo Imports Ltd' });
    for (const [name, args] of [['get_case', { caseId: gamma }], ['list_case_decisions', { caseId: gamma }], ['list_case_screening', { caseId: gamma }], ['get_document', { documentId: a.documentId }]] as const) {
      const r = await call(client, name, args);
      expect(r.isError, name).to.equal(true);
      expect(r.content[0]!.text, name).to.match(/^not_found: (Case|Document) not found\.$/);
    }
    expect((await call(client, 'list_documents', { caseId: gamma })).structuredContent!.data).to.deep.equal([]);
    expect((await call(client, 'list_documents', {})).structuredContent!.data).to.deep.equal([]);
    const events = (await call(client, 'list_events', {})).structuredContent!.data as { data: { caseId?: string; orgId?: string } }[];
    expect(events.length).to.be.greaterThan(0);
    for (const e of events) expect(e.data.orgId).to.equal(b.tenant.id);
    await client.close();
  });

  it('puts every tool call on the record: member, connector, tool, arguments, cases read, time; per case and per connected app', async () => {
    const tenant = await newTenant(await runtime(), 'Audited Ltd');
    const m = await member(tenant);
    const c1 = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Audit One Ltd', customerEmail: null });
    const c2 = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Audit Two Ltd', customerEmail: null });
    const { client } = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), m);
    const before = Date.now();
    await call(client, 'get_case', { caseId: c1.caseId });
    await call(client, 'search_cases', { search: 'Audit' });
    await call(client, 'get_case', { caseId: 'CS-2000-99999' });
    const junk = await call(client, 'list_documents', { access_token: 'never kept', note: 'x'.repeat(600), extra: { nested: 'y'.repeat(600) } });
    expect(junk.isError).to.equal(true);
    await client.close();

    const analyst = memberActor({ orgId: tenant.id, id: m.id, email: m.email, role: 'analyst' });
    const one = await listCaseAssistantReads(h.svc, analyst, c1.caseId, {});
    expect(one.data.map((r) => [r.tool, r.arguments, r.outcome])).to.deep.equal([['search_cases', { search: 'Audit' }, 'ok'], ['get_case', { caseId: c1.caseId }, 'ok']]);
    for (const r of one.data) {
      expect(r).to.include({ clientId: connectorId, appName: 'Assistant Connector', memberId: m.id, memberEmail: m.email });
      expect(Date.parse(r.calledAt)).to.be.within(before - 1000, Date.now() + 1000);
    }
    expect((await listCaseAssistantReads(h.svc, analyst, c2.caseId, {})).data.map((r) => r.tool)).to.deep.equal(['search_cases']);
    const [app] = await listConnectedApps(h.svc, analyst);
    const counts = await countAssistantCalls(h.svc, analyst, [app!.grantId]);
    // The failed get_case (not_found) is on the record too, with no case read.
    expect(counts.get(app!.grantId)).to.deep.include({ calls: 4 });
    const rows = (await h.svc.db.query('SELECT tool, outcome, arguments FROM assistant_reads WHERE org_id = ? ORDER BY id', [tenant.id])) as { tool: string; outcome: string; arguments: string | object }[];
    expect(rows.map((r) => [r.tool, r.outcome])).to.deep.equal([['get_case', 'ok'], ['search_cases', 'ok'], ['get_case', 'not_found'], ['list_documents', 'validation_failed']]);
    // Secret-looking names are never kept; long values are cut.
    const kept = rows[3]!.arguments;
    expect(typeof kept === 'string' ? JSON.parse(kept) : kept).to.deep.equal({ note: `${'x'.repeat(512)}…`, extra: '[omitted: too long]' });
  });

  it('stops at once when the member disconnects the app mid-conversation', async () => {
    const tenant = await newTenant(await runtime(), 'Disconnecting Ltd');
    const m = await member(tenant);
    const { client } = await connectAssistant(h, new TestProvider({ client: { client_id: connectorId } }), m);
    expect((await call(client, 'search_cases', {})).isError).to.not.equal(true);
    const actor = memberActor({ orgId: tenant.id, id: m.id, email: m.email, role: 'analyst' });
    const [app] = await listConnectedApps(h.svc, actor);
    await disconnectApp(h.svc, actor, { grantId: app!.grantId });
    let failure: unknown = null;
    try {
      await call(client, 'search_cases', {});
    } catch (err) {
      failure = err;
    }
    expect(failure, 'the next call fails: the token is dead and its refresh token too').to.be.instanceOf(Error);
    expect(await listConnectedApps(h.svc, actor)).to.deep.equal([]);
    const rows = (await h.svc.db.query('SELECT COUNT(*) AS n FROM assistant_reads WHERE org_id = ?', [tenant.id])) as { n: number }[];
    expect(Number(rows[0]!.n)).to.equal(1);
    await client.close();
  });
});
