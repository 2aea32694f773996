import type { CustomerActor } from '../../src/access/index';
import type { Services } from '../../src/platform/index';
import { saveApplication, submitApplication } from '../../src/portal/index';
import type { Tenant } from '../../src/tenants/index';
import { invitedCase, reviewConfirmed } from '../portal/support';
import { seedDocument } from '../rest/factories';

// Shared by the case-metrics tests: cases that move through the real use cases (POST /v1/cases' create, the
// portal's save and submit, the console's decide, escalate, respond and reopen) at the times a TestClock gives.

export const CASE_METRICS = `query($from: DateTimeISO!, $to: DateTimeISO!, $queueId: ID) {
  caseMetrics(from: $from, to: $to, queueId: $queueId) {
    from to queueId openTotal
    openByStatus { status count }
    openByStage { stage count }
    timeInStatus { status spells p50Seconds p90Seconds }
    decisions { total automatic automaticShare firstTimeRight firstTimeRightShare byOutcome { outcome count automatic } }
    analysts { analyst casesClosed medianHandlingSeconds }
    sla { breachedNow }
  }
}`;

/** A case created through POST /v1/cases' use case whose customer filled in the application (the uploaded document is seeded). */
export async function applicationCase(svc: Services, tenant: Tenant, companyName: string, body: Record<string, unknown> = {}): Promise<{ caseId: string; pk: number; customer: CustomerActor }> {
  const c = await invitedCase(svc, tenant, { companyName, ...body });
  const customer: CustomerActor = { kind: 'customer', orgId: tenant.id, casePk: c.pk, caseId: c.caseId, email: c.customerEmail };
  await saveApplication(svc, customer, {
    application: {
      companyProfile: {
        companyName, registrationNumber: '01234567', country: 'GB', entityType: 'Private limited company', incorporationDate: '2015-01-01',
        registeredAddress: '1 High Street, London', businessActivity: 'Software licences', sourceOfFunds: 'Trading revenue', transactsInternationally: false,
      },
      ownership: { hasUbos: false, directors: [{ name: 'Dana Director', email: 'dana@director.example', dateOfBirth: '1970-01-01', nationality: 'GB', roles: ['director'] }] },
    },
  });
  await seedDocument(svc, tenant.id, c.pk);
  await reviewConfirmed(svc, tenant.id, c.pk);
  return { caseId: c.caseId, pk: c.pk, customer };
}

/** The customer submits the application (in_progress -> in_review, case.status.changed by the customer). */
export async function submit(svc: Services, c: { customer: CustomerActor }): Promise<void> {
  await submitApplication(svc, c.customer);
}
