import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { createCase } from '../../src/onboarding/index';
import type { Services } from '../../src/platform/index';
import type { Tenant } from '../../src/tenants/index';
import type { AppRouter } from '../../trpc/router';
import type { ConsoleHarness } from '../graphql/harness';
import { clientToken, newApiClient } from '../oauth/harness';
import { seedDocument } from '../rest/factories';

export { seedDocument };

/** The portal's tRPC client as the web app will use it (typed by AppRouter), sending the portal cookie when given. */
export function portalClient(url: string, sessionToken?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${url}/trpc`, headers: () => (sessionToken ? { cookie: `portal_session=${sessionToken}` } : {}) })],
  });
}
export type PortalClient = ReturnType<typeof portalClient>;

export interface PortalFailure {
  message: string;
  code: string;
  httpStatus: number;
  reason: string | undefined;
  details: { path: string; message: string }[] | undefined;
}

/** The error a call must end with: its message and formatted data (tRPC code, HTTP status, domain reason, details). */
export async function failure(call: Promise<unknown>): Promise<PortalFailure> {
  const err = await call.then(() => null, (e: unknown) => e);
  expect(err, 'expected the call to fail').to.be.instanceOf(TRPCClientError);
  const e = err as TRPCClientError<AppRouter>;
  const data = e.data as unknown as Record<string, unknown>;
  return {
    message: e.message, code: data.code as string, httpStatus: data.httpStatus as number, reason: data.reason as string | undefined,
    details: data.details as PortalFailure['details'],
  };
}

let caseCounter = 0;

/** A case created through POST /v1/cases' use case (no mail sent) and its magic link token. */
export async function invitedCase(svc: Services, tenant: Tenant, body: Record<string, unknown> = {}) {
  const n = ++caseCounter;
  const created = await createCase(svc, operatorActor(tenant.id), {
    body: { customerEmail: `customer.${n}.${tenant.id.slice(0, 8)}@portal.example`, companyName: `Portal Company ${n} Ltd`, sendInvite: false, ...body },
    render: (o) => ({ status: 201, body: o.kind === 'created' ? o.case : {} }),
  });
  const view = created.response.body as { caseId: string; customerEmail: string; customerPortalUrl: string; companyName: string };
  const [row]: { pk: number }[] = await svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [tenant.id, view.caseId]);
  return { ...view, pk: Number(row!.pk), linkToken: new URL(view.customerPortalUrl).searchParams.get('token')! };
}

/** Presses "Start" on the landing page of a link (POST /portal/invite) and returns the answer and the portal cookie it set. */
export async function redeem(url: string, linkToken: string) {
  // As a browser sends the landing page's form: that page's Referrer-Policy no-referrer hides its origin (`null`), Sec-Fetch-Site says same-origin.
  const headers = { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' };
  const res = await fetch(`${url}/portal/invite`, { method: 'POST', headers, body: new URLSearchParams({ token: linkToken }), redirect: 'manual' });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_session='));
  return { status: res.status, html: await res.text(), setCookie, sessionToken: setCookie?.split(';')[0]!.split('=')[1] };
}

/** A fresh tenant's invited case whose customer has opened the link: a signed-in portal client. */
export async function signedInCustomer(h: ConsoleHarness, tenant?: Tenant, body: Record<string, unknown> = {}) {
  const t = tenant ?? (await h.tenant());
  const c = await invitedCase(h.svc, t, body);
  const session = await redeem(h.url, c.linkToken);
  expect(session.status).to.equal(200);
  return { tenant: t, case: c, sessionToken: session.sessionToken!, client: portalClient(h.url, session.sessionToken!) };
}

/** A pull-API token of the tenant (for GET /v1/events). */
export async function pullToken(h: ConsoleHarness, orgId: string): Promise<string> {
  return clientToken({ url: h.url } as Parameters<typeof clientToken>[0], await newApiClient(h.svc, orgId));
}

/** The tenant's event feed over HTTP (GET /v1/events), every page. */
export async function feed(h: ConsoleHarness, token: string): Promise<{ eventId: string; eventType: string; data: Record<string, unknown> }[]> {
  const items: { eventId: string; eventType: string; data: Record<string, unknown> }[] = [];
  let cursor: string | null = null;
  do {
    const res = await fetch(`${h.url}/v1/events?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    const page = (await res.json()) as { data: typeof items; nextCursor: string | null; hasMore: boolean };
    items.push(...page.data);
    cursor = page.hasMore ? page.nextCursor : null;
  } while (cursor);
  return items;
}

/** A complete application (everything submit asks for but documents). */
export const completeApplication = {
  companyProfile: {
    companyName: 'Globex Trading Ltd',
    registrationNumber: '09876543',
    country: 'GB',
    entityType: 'Private limited company',
    incorporationDate: '2015-03-14',
    registeredAddress: '1 King Street, London EC2V 8AU',
    businessActivity: 'Wholesale of electronic components',
    sourceOfFunds: 'Trading revenue',
    website: 'https://globex.example',
    transactsInternationally: true,
    internationalCountries: ['DE', 'FR'],
  },
  ownership: {
    hasUbos: true,
    directors: [{ name: 'Grace Hopper', email: 'grace@globex.example', roles: ['director'], nationality: 'US', dateOfBirth: '1966-12-09', countryOfResidence: 'GB' }],
    ubos: [{ name: 'Grace Hopper', email: 'grace@globex.example', ownershipPercent: 60, nationality: 'US', dateOfBirth: '1966-12-09' }],
  },
};

/**
 * Stands in for the customer's confirmation of the review step (review.confirm), which application.submit
 * needs: for tests about what follows a submission, whose documents may still be being read.
 */
export async function reviewConfirmed(svc: { db: { query: (sql: string, params: unknown[]) => Promise<unknown> } }, orgId: string, casePk: number): Promise<void> {
  await svc.db.query('UPDATE company_profiles SET review_confirmed_at = NOW(3) WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
}
