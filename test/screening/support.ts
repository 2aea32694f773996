import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import type { CustomerActor, SystemActor } from '../../src/access/index';
import type { Services } from '../../src/platform/index';
import { saveApplication } from '../../src/portal/index';
import type { Tenant } from '../../src/tenants/index';
import { invitedCase } from '../portal/support';

/** The pipeline's actor for a tenant. */
export const systemOf = (orgId: string): SystemActor => ({ kind: 'system', orgId, name: 'system' });

export interface Owner {
  name: string;
  dateOfBirth?: string;
  nationality?: string;
  countryOfResidence?: string;
}

/**
 * A case (through POST /v1/cases' use case, with a CRM source) whose customer saved an application through
 * the portal's use case: the company and its directors and UBOs as screening will read them.
 */
export async function caseWithApplication(
  svc: Services, tenant: Tenant, app: { companyName: string; country?: string; directors: Owner[]; ubos: Owner[] },
): Promise<{ caseId: string; pk: number; ref: { orgId: string; casePk: number }; customer: CustomerActor }> {
  const c = await invitedCase(svc, tenant, { crmRecordId: `crm-${Math.random().toString(36).slice(2, 10)}`, crmSource: 'hubspot' });
  const customer: CustomerActor = { kind: 'customer', orgId: tenant.id, casePk: c.pk, caseId: c.caseId, email: c.customerEmail };
  await saveApplication(svc, customer, {
    application: {
      companyProfile: { companyName: app.companyName, country: app.country ?? 'GB' },
      ownership: {
        hasUbos: app.ubos.length > 0,
        directors: app.directors.map((d) => ({ ...d, roles: ['director'] })),
        ubos: app.ubos.map((u) => ({ ...u, ownershipPercent: Math.floor(100 / app.ubos.length) })),
      },
    },
  });
  return { caseId: c.caseId, pk: c.pk, ref: { orgId: tenant.id, casePk: c.pk }, customer };
}

/** The case's stored events (the exact payload bytes, parsed), oldest first, each checked against its JSON Schema. */
export async function caseEvents(svc: Services, schemas: Map<string, ValidateFunction>, orgId: string, casePk: number): Promise<Record<string, unknown>[]> {
  const rows = (await svc.db.query('SELECT type, data FROM events WHERE org_id = ? AND case_pk = ? ORDER BY case_sequence', [orgId, casePk])) as { type: string; data: string }[];
  return rows.map((r) => {
    const payload = JSON.parse(r.data) as Record<string, unknown>;
    const validate = schemas.get(r.type)!;
    expect(validate(payload), `${r.type}: ${JSON.stringify(validate.errors)}`).to.equal(true);
    return payload;
  });
}

/** A payload without the envelope fields that differ on every run (eventId, timestamp). */
export const stable = (p: Record<string, unknown>) => {
  const { eventId: _id, timestamp: _ts, ...rest } = p;
  return rest;
};
