import type { EntityManager } from 'typeorm';
import type { PullFullParityOwnerView, PullFullParityView } from './case.wire';

type Json<T> = T | string;
const json = <T>(v: Json<T>): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const dateOnly = (v: Date | string | null): string | null => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/**
 * Builds the pull API's full-parity projection (PullFullParity in case.wire.ts) of one case of one
 * tenant: reads only, any manager or transaction.
 */
export async function buildFullParity(db: Pick<EntityManager, 'query'>, orgId: string, casePk: number): Promise<PullFullParityView> {
  const [c]: Record<string, never>[] = await db.query(
    'SELECT case_id, org_id, status, crm_record_id, crm_source, company_name, country, customer_email, total_hits, sanctioned_hits, pep_hits FROM cases WHERE org_id = ? AND pk = ?',
    [orgId, casePk],
  );
  if (!c) throw new Error(`buildFullParity: case ${casePk} is not in tenant ${orgId}`);
  const [p]: Record<string, never>[] = await db.query('SELECT * FROM company_profiles WHERE org_id = ? AND case_pk = ?', [orgId, casePk]);
  const parties: Record<string, never>[] = await db.query('SELECT * FROM case_parties WHERE org_id = ? AND case_pk = ? ORDER BY kind, position', [orgId, casePk]);
  const docs: Record<string, never>[] = await db.query('SELECT * FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id', [orgId, casePk]);
  const [d]: Record<string, never>[] = await db.query('SELECT outcome, notes, analyst_email, decided_at FROM decisions WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [orgId, casePk]);
  const [r]: Record<string, never>[] = await db.query('SELECT composite_score, band_id, assessed_at FROM risk_assessments WHERE org_id = ? AND case_pk = ? ORDER BY id DESC LIMIT 1', [orgId, casePk]);

  const owner = (o: Record<string, never>): PullFullParityOwnerView => ({
    name: o.name, email: o.email, roles: json<string[]>(o.roles), ownershipPercent: o.ownership_percent === null ? null : Number(o.ownership_percent),
    nationality: o.nationality, dateOfBirth: dateOnly(o.date_of_birth), idNumber: o.id_number, idCountry: o.id_country,
    countryOfResidence: o.country_of_residence, source: o.source,
  });
  return {
    caseId: c.case_id,
    orgId: c.org_id,
    status: c.status,
    crmRecordId: c.crm_record_id,
    crmSource: c.crm_source,
    companyProfile: {
      companyName: p?.company_name ?? c.company_name, registrationNumber: p?.registration_number ?? null, country: p?.country ?? c.country,
      entityType: p?.entity_type ?? null, incorporationDate: dateOnly(p?.incorporation_date ?? null), registeredAddress: p?.registered_address ?? null,
      taxId: p?.tax_id ?? null, vatNumber: p?.vat_number ?? null, businessActivity: p?.business_activity ?? null, industrySector: p?.industry_sector ?? null,
      annualRevenue: p?.annual_revenue ?? null, website: p?.website ?? null, customerEmail: p?.customer_email ?? c.customer_email,
      sourceOfFunds: p?.source_of_funds ?? null, transactsInternationally: p ? Number(p.transacts_internationally) === 1 : false,
      internationalCountries: p ? json<string[]>(p.international_countries) : [], customAnswers: p ? json<Record<string, unknown>>(p.custom_answers) : {},
    },
    ownership: {
      directors: parties.filter((o) => o.kind === 'director').map(owner),
      ubos: parties.filter((o) => o.kind === 'ubo').map(owner),
    },
    documents: docs.map((x) => ({
      id: Number(x.id), documentType: x.document_type, filename: x.filename, mimeType: x.mime_type, sizeBytes: Number(x.size_bytes), status: x.status,
      confidence: x.confidence, uploadedAt: (x.uploaded_at as Date).toISOString(), warnings: json<unknown[]>(x.warnings), notes: x.notes,
      extractedData: json<Record<string, unknown>>(x.extracted_data),
    })),
    decision: d ? { outcome: d.outcome, notes: d.notes, analystEmail: d.analyst_email, decidedAt: (d.decided_at as Date).toISOString() } : null,
    risk: r ? { compositeScore: Number(r.composite_score), band: r.band_id, assessedAt: (r.assessed_at as Date).toISOString() } : null,
    screeningSummary: { totalHits: Number(c.total_hits), sanctionedHits: Number(c.sanctioned_hits), pepHits: Number(c.pep_hits) },
  };
}
