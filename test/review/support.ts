import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import type { Services } from '../../src/platform/index';
import { saveApplication } from '../../src/portal/index';
import type { Tenant } from '../../src/tenants/index';

// Rows of the pipeline's other steps (extraction, screening and triage, risk) are seeded directly with
// exactly the values a review reads; the application goes through the portal's own use case.

/** A manual case of the tenant with an application saved through the portal's use case. */
export async function caseWithApplication(svc: Services, tenant: Tenant, application: Record<string, unknown> | null, companyName = 'Review Ltd') {
  const c = await openCase(svc, operatorActor(tenant.id), { source: 'manual', companyName, customerEmail: null });
  if (application) await saveApplication(svc, operatorActor(tenant.id), { caseId: c.caseId, application });
  return c;
}

export async function insertDocument(
  svc: Services, orgId: string, casePk: number,
  d: { type: string | null; status?: string; confidence?: string | null; warnings?: string[] },
): Promise<number> {
  const now = svc.clock.now();
  const res = await svc.db.query(
    `INSERT INTO documents (org_id, case_pk, document_type, filename, mime_type, size_bytes, status, confidence, warnings, notes, extracted_data, uploaded_at, updated_at)
     VALUES (?, ?, ?, 'doc.pdf', 'application/pdf', 1000, ?, ?, ?, NULL, '{}', ?, ?)`,
    [orgId, casePk, d.type, d.status ?? 'complete', d.confidence === undefined ? 'High' : d.confidence, JSON.stringify(d.warnings ?? []), now, now],
  );
  return Number(res.insertId);
}

export async function insertHit(
  svc: Services, orgId: string, casePk: number,
  h: { hitId: string; subjectName: string; subjectRole: string; isPep?: boolean; isSanctioned?: boolean; triage?: string | null; disposition?: string | null },
): Promise<void> {
  await svc.db.query(
    `INSERT INTO screening_hits (org_id, case_pk, hit_id, subject_id, subject_name, subject_role, caption, entity_schema, score, topics, positions, nationality,
       is_pep, is_sanctioned, source, detected_at, triage_status, triage_confidence, triage_disposition, triage_reason, disposition)
     VALUES (?, ?, ?, NULL, ?, ?, 'A Listed Person', 'Person', 0.9, '[]', '[]', '[]', ?, ?, 'screening', ?, ?, ?, ?, ?, ?)`,
    [orgId, casePk, h.hitId, h.subjectName, h.subjectRole, h.isPep ? 1 : 0, h.isSanctioned ? 1 : 0, svc.clock.now(),
      h.triage ? 'complete' : null, h.triage ? 80 : null, h.triage ?? null, h.triage ? 'Scripted.' : null, h.disposition ?? null],
  );
}

/** The case's risk band and score as the risk engine leaves them. */
export async function setRisk(svc: Services, orgId: string, casePk: number, band: string, score: number): Promise<void> {
  await svc.db.query('UPDATE cases SET risk_band = ?, risk_score = ? WHERE org_id = ? AND pk = ?', [band, score, orgId, casePk]);
}

/** A complete application of a plain UK company (nothing for a review to point out). */
export const cleanApplication = {
  companyProfile: {
    companyName: 'Plain Widgets Ltd', registrationNumber: '01234567', country: 'GB', entityType: 'Private limited company', incorporationDate: '2012-05-01',
    registeredAddress: '1 King Street, London', businessActivity: 'Widgets', sourceOfFunds: 'Trading revenue',
  },
  ownership: {
    hasUbos: true,
    directors: [{ name: 'Ada Lovelace', nationality: 'GB', dateOfBirth: '1980-12-10', countryOfResidence: 'GB' }],
    ubos: [{ name: 'Ada Lovelace', ownershipPercent: 100, nationality: 'GB', dateOfBirth: '1980-12-10', countryOfResidence: 'GB' }],
  },
};
