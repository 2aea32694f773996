import { expect } from 'chai';
import { memberActor, operatorActor } from '../../src/access/index';
import { type CaseStatus } from '../../src/cases/index';
import { openCase } from '../../src/onboarding/index';
import type { Services } from '../../src/platform/index';
import type { Tenant } from '../../src/tenants/index';
import { compileEventSchemas } from '../events/support';
import { newApiClient } from '../oauth/harness';
import type { ConsoleHarness } from './harness';

// Shared by the console case tests. Rows of workflows other issues own (submission, risk, documents)
// are seeded directly, as test/rest/factories.ts does.

/** A manual case of the tenant (through the domain), with its internal pk for seeding. */
export async function newCase(
  svc: Services, tenant: Tenant, fields: { companyName?: string; customerEmail?: string | null; mode?: 'live' | 'test' } = {},
): Promise<{ caseId: string; pk: number }> {
  // A test case is opened as a console member with "Test data" on opens one.
  const actor = fields.mode === 'test' ? memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email: 'analyst@example.com', role: 'analyst' }, undefined, 'test') : operatorActor(tenant.id);
  return openCase(svc, actor, { source: 'manual', companyName: fields.companyName ?? 'Console Ltd', customerEmail: fields.customerEmail ?? null });
}

/** Puts a case at a status (the customer's submission and the policy engine are other issues' use cases). */
export async function setStatus(svc: Services, pk: number, status: CaseStatus): Promise<void> {
  await svc.db.query('UPDATE cases SET status = ? WHERE pk = ?', [status, pk]);
}

/** Marks a case as routed by the decision policy to an analyst (the pipeline's route step is another issue's use case). */
export async function setRouted(svc: Services, pk: number): Promise<void> {
  await svc.db.query("UPDATE cases SET routed_at = NOW(3), review_level = 'REVIEW_LEVEL_1' WHERE pk = ?", [pk]);
}

/** An analyst actor of the tenant (domain calls in test set-up). */
export const analystOf = (tenant: Tenant) => memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email: 'analyst@example.com', role: 'analyst' });

/** A bearer token with read:events for the tenant, from /v1/oauth/token of the running app. */
export async function feedToken(h: ConsoleHarness, tenant: Tenant): Promise<string> {
  const c = await newApiClient(h.svc, tenant.id, 'read:events');
  const res = await fetch(`${h.url}/v1/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
  });
  expect(res.status).to.equal(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface FeedItem { eventId: string; eventType: string; data: Record<string, unknown> }

/** The whole feed of the tenant as /v1/events serves it: the items and the raw response texts. */
export async function readFeed(h: ConsoleHarness, token: string): Promise<{ items: FeedItem[]; raw: string }> {
  const items: FeedItem[] = [];
  let raw = '';
  let cursor: string | null = null;
  for (;;) {
    const res = await fetch(`${h.url}/v1/events?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    const text = await res.text();
    raw += text;
    const body = JSON.parse(text) as { data: FeedItem[]; nextCursor: string; hasMore: boolean };
    items.push(...body.data);
    if (!body.hasMore) return { items, raw };
    cursor = body.nextCursor;
  }
}

const validators = compileEventSchemas();

/**
 * The stored events of a case in commit order, each checked against its JSON Schema, and each present
 * in /v1/events with `data` byte for byte the stored payload.
 */
export async function caseEventsInFeed(h: ConsoleHarness, tenant: Tenant, caseId: string, token: string): Promise<{ type: string; data: string; payload: Record<string, unknown> }[]> {
  const rows: { type: string; data: string; event_id: string }[] = await h.svc.db.query(
    'SELECT type, data, event_id FROM events WHERE org_id = ? AND case_id = ? ORDER BY case_sequence', [tenant.id, caseId],
  );
  const feed = await readFeed(h, token);
  return rows.map((r) => {
    const payload = JSON.parse(r.data) as Record<string, unknown>;
    const validate = validators.get(r.type)!;
    expect(validate(payload), `${r.type}: ${JSON.stringify(validate.errors)}`).to.equal(true);
    expect(feed.items.map((i) => i.eventId), `${r.type} ${r.event_id} in /v1/events`).to.include(r.event_id);
    expect(feed.raw, `${r.type} bytes in /v1/events`).to.include(`"data":${r.data}`);
    return { type: r.type, data: r.data, payload };
  });
}
