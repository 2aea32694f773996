import { forTenant } from '../../src/db/index';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { memberActor, operatorActor, systemActor } from '../../src/access/index';
import { replaceParties, updateApplicationProfile, type NewParty } from '../../src/cases/application.repository';
import { type CaseStatus } from '../../src/cases/index';
import { openCase } from '../../src/onboarding/index';
import type { Services } from '../../src/platform/index';
import type { MemberRole, Tenant } from '../../src/tenants/index';
import type { StepGuard } from '../../src/step-guard';
import { compileEventSchemas } from '../events/support';
import type { Payload } from '../support/event-payloads';

// Shared by the risk and policy tests. The application (company profile, directors and UBOs) is written
// through the portal's own repository functions, as a submitted application stores it; hits and
// documents are seeded as test/rest/factories.ts does (their use cases are other steps of the pipeline).

export interface AppParty { name: string; email?: string | null; ownershipPercent?: number | null; nationality?: string | null; countryOfResidence?: string | null; dateOfBirth?: string | null }

export interface CaseSetup {
  companyName?: string;
  customerEmail?: string | null;
  status?: CaseStatus;
  profile?: Record<string, unknown>;
  directors?: AppParty[];
  ubos?: AppParty[];
  /** Each person already passed identity verification (the pipeline's verify step, which these tests skip). Default true. */
  identityVerified?: boolean;
  /** A test case (opened as a console member with "Test data" on opens one); live by default. */
  mode?: 'live' | 'test';
}

const party = (p: AppParty): NewParty => ({
  personKey: randomUUID(), name: p.name, email: p.email ?? null, roles: [], ownershipPercent: p.ownershipPercent ?? null, nationality: p.nationality ?? null,
  dateOfBirth: p.dateOfBirth ?? null, idNumber: null, idCountry: null, countryOfResidence: p.countryOfResidence ?? null, verificationStatus: null,
});

/** A clean, low-risk UK company's application: GB, no high-risk industry or entity type, one UBO owning 100%, domestic only. */
export const CLEAN_PROFILE = {
  companyName: 'Clean Trading Ltd', country: 'GB', entityType: 'Private limited company', industrySector: 'Software', businessActivity: 'Software licences',
  transactsInternationally: false, internationalCountries: [], hasUbos: true,
};

/** A case of the tenant with a submitted application, at `status` (default in_review). */
export async function newApplicationCase(svc: Services, tenant: Tenant, s: CaseSetup = {}): Promise<{ caseId: string; pk: number }> {
  const opener = s.mode === 'test' ? memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email: 'analyst@example.com', role: 'analyst' }, undefined, 'test') : operatorActor(tenant.id);
  const c = await openCase(svc, opener, {
    source: 'manual', companyName: s.companyName ?? 'Clean Trading Ltd', customerEmail: s.customerEmail ?? null,
  });
  await updateApplicationProfile(forTenant(svc.db, tenant.id), c.pk, { ...CLEAN_PROFILE, ...s.profile }, new Date());
  await replaceParties(forTenant(svc.db, tenant.id), c.pk, 'director', (s.directors ?? [{ name: 'Dana Director', nationality: 'GB', dateOfBirth: '1970-01-01' }]).map(party));
  await replaceParties(forTenant(svc.db, tenant.id), c.pk, 'ubo', (s.ubos ?? [{ name: 'Uma Owner', ownershipPercent: 100, nationality: 'GB', countryOfResidence: 'GB' }]).map(party));
  await svc.db.query('UPDATE cases SET status = ? WHERE org_id = ? AND pk = ?', [s.status ?? 'in_review', tenant.id, c.pk]);
  if (s.identityVerified ?? true) {
    await svc.db.query(
      `INSERT INTO identity_verifications (org_id, case_pk, person_key, state, outcome, vendor_name, completed_at, created_at, updated_at)
       SELECT DISTINCT org_id, case_pk, person_key, 'completed', 'pass', 'local', NOW(3), NOW(3), NOW(3) FROM case_parties WHERE org_id = ? AND case_pk = ?`,
      [tenant.id, c.pk],
    );
  }
  return c;
}

export const system = (tenant: Tenant) => systemActor(tenant.id);
export const memberOf = (tenant: Tenant, role: MemberRole, email = `${role}@example.com`) =>
  memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email, role });


const validators = compileEventSchemas();

/** The case's events in commit order, each validated against its JSON Schema. */
export async function caseEvents(svc: Services, orgId: string, casePk: number): Promise<{ type: string; payload: Payload }[]> {
  const rows: { type: string; data: string }[] = await svc.db.query(
    'SELECT type, data FROM events WHERE org_id = ? AND case_pk = ? ORDER BY case_sequence', [orgId, casePk],
  );
  return rows.map((r) => {
    const payload = JSON.parse(r.data) as Payload;
    const validate = validators.get(r.type)!;
    expect(validate(payload), `${r.type}: ${JSON.stringify(validate.errors)}`).to.equal(true);
    return { type: r.type, payload };
  });
}

/** The case's events recorded after the first `skip` (those of its set-up). */
export async function newEvents(svc: Services, orgId: string, casePk: number, skip: number) {
  return (await caseEvents(svc, orgId, casePk)).slice(skip);
}

/** A StepGuard that answers `claim` as told and counts its calls. */
export function testGuard(claim: boolean): StepGuard & { claims: number; dones: number } {
  const g = {
    claims: 0,
    dones: 0,
    async claim() {
      g.claims++;
      return claim;
    },
    async done() {
      g.dones++;
    },
  };
  return g;
}
