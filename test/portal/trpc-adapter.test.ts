import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { createCase } from '../../src/onboarding/index';
import { redeemInvite } from '../../src/invites/index';
import { ConsoleHarness } from '../graphql/harness';

/** The tRPC adapter at /trpc: the customer of the portal cookie, and one error table with no internals on the wire. */
describe('tRPC adapter (/trpc)', () => {
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const call = async (path: string, cookie?: string) => {
    const res = await fetch(`${h.url}/trpc/${path}`, { headers: cookie ? { cookie: `portal_session=${cookie}` } : {} });
    return { status: res.status, body: (await res.json()) as { result?: { data: unknown }; error?: { message: string; data: Record<string, unknown> } } };
  };

  it('answers a procedure without a portal session 401 UNAUTHORIZED, reason unauthenticated, no stack', async () => {
    const res = await call('portal.whoami');
    expect(res.status).to.equal(401);
    expect(res.body.error!.message).to.equal('Your session has ended. Open your invitation link again, or ask for a new one.');
    expect(res.body.error!.data).to.deep.equal({ code: 'UNAUTHORIZED', httpStatus: 401, path: 'portal.whoami', reason: 'unauthenticated' });
  });

  it('binds the session of a redeemed invite to its case', async () => {
    const tenant = await h.tenant();
    const email = `customer.${tenant.id.slice(0, 8)}@portal.example`;
    const created = await createCase(h.svc, operatorActor(tenant.id), {
      body: { customerEmail: email, companyName: 'Portal Ltd', sendInvite: true },
      render: (o) => ({ status: 201, body: o.kind === 'created' ? o.case : {} }),
    });
    const link = new URL((created.response.body as { customerPortalUrl: string }).customerPortalUrl);
    const session = await redeemInvite(h.svc, link.searchParams.get('token')!);
    const res = await call('portal.whoami', session!.sessionToken);
    expect(res.status).to.equal(200);
    expect(res.body.result!.data).to.deep.equal({ caseId: (created.response.body as { caseId: string }).caseId, email });
  });

  it('answers an unknown procedure 404 NOT_FOUND', async () => {
    const res = await call('portal.nope');
    expect(res.status).to.equal(404);
    expect(res.body.error!.data.code).to.equal('NOT_FOUND');
  });
});

describe('tRPC adapter: cross-site forgery', () => {
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
    it(`refuses a mutation sent as ${type.split(';')[0]} (what a foreign page can send without a preflight) with 415`, async () => {
      const res = await fetch(`${h.url}/trpc/portal.requestNewLink`, { method: 'POST', headers: { 'content-type': type }, body: '{"token":"x","email":"a@b.example"}' });
      expect(res.status).to.equal(415);
      expect(((await res.json()) as { error: { data: { code: string } } }).error.data.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    });
  }

  it('takes the same mutation as JSON', async () => {
    const res = await fetch(`${h.url}/trpc/portal.requestNewLink`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'x'.repeat(43), email: 'someone@example.com' }),
    });
    expect(res.status).to.equal(200);
  });
});
