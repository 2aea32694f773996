import { type TenantDb } from '../db/index';
import { isoFromDatetimeText } from '../db/datetime-text';
import { listCaseDocuments } from '../documents/index';
import type { PullFullParityOwnerView } from '../cases/index';
import type { PullFullParityView } from './case-file.wire';
import { findCaseRowByPk, findCompanyProfile, findLatestRiskAssessment, listCaseParties } from '../cases/index';
import { findLatestDecision } from '../cases/index';

type Json<T> = T | string;
const json = <T>(v: Json<T>): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const dateOnly = (v: Date | string | null): string | null => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** The projection with every part present: what the data package event carries (no purgedAt). */
export type FullParityParts = Omit<PullFullParityView, 'purgedAt' | 'companyProfile' | 'ownership' | 'documents'> & {
  companyProfile: NonNullable<PullFullParityView['companyProfile']>;
  ownership: NonNullable<PullFullParityView['ownership']>;
  documents: NonNullable<PullFullParityView['documents']>;
};

/**
 * The pull API's full-parity projection (PullFullParity in case.wire.ts) of one case of one tenant, with
 * purgedAt: on a case whose personal data zero retention purged, the personal parts (companyProfile,
 * ownership, documents) are null instead of what is left of them. Reads only.
 */
export async function pullFullParity(db: TenantDb, casePk: number): Promise<PullFullParityView> {
  const parts = await buildFullParity(db, casePk);
  const row = await findCaseRowByPk(db, casePk);
  const purgedAt = isoFromDatetimeText(row?.purgedAt ?? null);
  if (purgedAt) return { ...parts, purgedAt, companyProfile: null, ownership: null, documents: null };
  return { ...parts, purgedAt: null };
}

/**
 * Builds the full-parity projection of one case of one tenant with every part present (the data
 * package event's; the pull API adds purgedAt through pullFullParity): reads only, any manager or transaction.
 */
export async function buildFullParity(db: TenantDb, casePk: number): Promise<FullParityParts> {
  const orgId = db.orgId;
  const c = await findCaseRowByPk(db, casePk);
  if (!c) throw new Error(`buildFullParity: case ${casePk} is not in tenant ${orgId}`);
  const p = await findCompanyProfile(db, casePk);
  const parties = await listCaseParties(db, casePk);
  const docs = await listCaseDocuments(db, casePk);
  const d = await findLatestDecision(db, casePk);
  const r = await findLatestRiskAssessment(db, casePk);

  const owner = (o: Record<string, never>): PullFullParityOwnerView => ({
    name: o.name, email: o.email, roles: json<string[]>(o.roles), ownershipPercent: o.ownership_percent === null ? null : Number(o.ownership_percent),
    nationality: o.nationality, dateOfBirth: dateOnly(o.date_of_birth), idNumber: o.id_number, idCountry: o.id_country,
    countryOfResidence: o.country_of_residence, source: o.source,
  });
  return {
    caseId: c.caseId,
    orgId: c.orgId,
    status: c.status,
    crmRecordId: c.crmRecordId,
    crmSource: c.crmSource,
    companyProfile: {
      companyName: p?.company_name ?? c.companyName, registrationNumber: p?.registration_number ?? null, country: p?.country ?? c.country,
      entityType: p?.entity_type ?? null, incorporationDate: dateOnly(p?.incorporation_date ?? null), registeredAddress: p?.registered_address ?? null,
      taxId: p?.tax_id ?? null, vatNumber: p?.vat_number ?? null, businessActivity: p?.business_activity ?? null, industrySector: p?.industry_sector ?? null,
      annualRevenue: p?.annual_revenue ?? null, website: p?.website ?? null, customerEmail: p?.customer_email ?? c.customerEmail,
      sourceOfFunds: p?.source_of_funds ?? null, transactsInternationally: p ? Number(p.transacts_internationally) === 1 : false,
      internationalCountries: p ? json<string[]>(p.international_countries) : [], customAnswers: p ? json<Record<string, unknown>>(p.custom_answers) : {},
    },
    ownership: {
      directors: parties.filter((o) => o.kind === 'director').map(owner),
      ubos: parties.filter((o) => o.kind === 'ubo').map(owner),
    },
    documents: docs.map((x) => ({
      id: x.id, documentType: x.documentType, filename: x.filename, mimeType: x.mimeType, sizeBytes: x.sizeBytes, status: x.status,
      confidence: x.confidence, uploadedAt: x.uploadedAt.toISOString(), warnings: x.warnings, notes: x.notes,
      extractedData: x.extractedData,
    })),
    decision: d ? { outcome: d.outcome, notes: d.notes, analystEmail: d.analystEmail, decidedAt: d.decidedAt.toISOString() } : null,
    risk: r ? { compositeScore: r.compositeScore, band: r.band, assessedAt: r.assessedAt.toISOString() } : null,
    screeningSummary: { totalHits: c.totalHits, sanctionedHits: c.sanctionedHits, pepHits: c.pepHits },
  };
}
