import type { Services } from '../../src/platform/index';
import type { Tenant } from '../../src/tenants/index';
import { newCase } from '../graphql/case-support';
import { own, type Payload } from '../support/event-payloads';

// Shared by the work-queue tests: cases with the facts a queue's conditions read, seeded directly where
// another feature's workflow sets them (risk, routing), as test/graphql/case-support.ts does.

/** A manual case of the tenant with a risk band (and status), created `ageHours` ago: oldest first when seeded in order. */
export async function queuedCase(
  svc: Services, tenant: Tenant, fields: { band?: string | null; status?: string; ageHours?: number; country?: string } = {},
): Promise<{ caseId: string; pk: number }> {
  const c = await newCase(svc, tenant, { companyName: `Queue ${fields.band ?? 'none'} Ltd` });
  await svc.db.query(
    'UPDATE cases SET risk_band = ?, status = ?, country = ?, created_at = DATE_SUB(NOW(3), INTERVAL ? MINUTE) WHERE org_id = ? AND pk = ?',
    [fields.band ?? null, fields.status ?? 'in_review', fields.country ?? null, Math.round((fields.ageHours ?? 0) * 60), tenant.id, c.pk],
  );
  return c;
}

/** The owner.changed payloads of a case, in order, without the envelope. */
export async function ownerChanges(svc: Services, tenant: Tenant, caseId: string): Promise<Record<string, unknown>[]> {
  const rows: { data: string }[] = await svc.db.query(
    "SELECT data FROM events WHERE org_id = ? AND case_id = ? AND type = 'owner.changed' ORDER BY case_sequence", [tenant.id, caseId],
  );
  return rows.map((r) => own(JSON.parse(r.data) as Payload));
}

/** Who owns each case of the tenant (member id or null), by case id. */
export async function owners(svc: Services, tenant: Tenant): Promise<Map<string, string | null>> {
  const rows: { case_id: string; owner_member_id: string | null }[] = await svc.db.query('SELECT case_id, owner_member_id FROM cases WHERE org_id = ?', [tenant.id]);
  return new Map(rows.map((r) => [r.case_id, r.owner_member_id]));
}

export const QUEUES = `query { queues { id name position conditions assignment { mode capacity } members { memberId name available openCases }
  openCount unassignedCount oldestAgeSeconds slaBreaches } }`;
export const SET_QUEUES = `mutation($input: [QueueInput!]!) { setQueues(input: $input) { id name assignment { mode capacity } openCount unassignedCount } }`;
export const NEXT_CASE = 'mutation($q: ID!) { nextCase(queueId: $q) { caseId status owner { id email } } }';
export const SET_AVAILABILITY = 'mutation($available: Boolean!, $until: DateTimeISO, $member: ID) { setAvailability(available: $available, until: $until, memberId: $member) { memberId available until } }';
