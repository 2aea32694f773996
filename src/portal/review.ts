import { type TenantDb } from '../db/index';
import type { CaseRecord } from '../cases/index';
import { findApplicationProfile } from '../cases/index';
import { countCaseDocuments, listCaseExtractions } from '../documents/index';
import { loadApplication, type Application } from '../cases/index';
import type { CompanyProfileView, OwnerView, ReviewView } from '../cases/index';
import { countryCodeOf } from '../countries';

/**
 * The review of extracted data: per section (`company`, `directors.<n>`, `ubos.<n>`) and field, what the
 * application holds and what extraction read from the case's documents. Extraction (the decisioning
 * issue) writes `documents.extracted_data`; it is read here in these shapes, whichever a document has:
 * the company's fields at the top level or under `companyProfile` or `company` (`companyNumber` is read
 * as registrationNumber), and `directors` / `ubos` arrays of owners (objects with at least a `name`) at
 * the top level or under `ownership`. A later document's value wins over an earlier one's.
 */

export const COMPANY_FIELD_LABELS = {
  companyName: 'Company name',
  registrationNumber: 'Registration number',
  country: 'Country of incorporation',
  entityType: 'Entity type',
  incorporationDate: 'Date of incorporation',
  registeredAddress: 'Registered address',
  taxId: 'Tax ID',
  vatNumber: 'VAT number',
  businessActivity: 'Business activity',
  industrySector: 'Industry sector',
  annualRevenue: 'Annual revenue',
  website: 'Website',
  sourceOfFunds: 'Source of funds',
  transactsInternationally: 'Transacts internationally',
  internationalCountries: 'Countries the company transacts with',
} as const satisfies Partial<Record<keyof CompanyProfileView, string>>;
export type CompanyReviewField = keyof typeof COMPANY_FIELD_LABELS;

export const OWNER_FIELD_LABELS = {
  name: 'Full name',
  email: 'Email',
  roles: 'Roles',
  ownershipPercent: 'Ownership (%)',
  nationality: 'Nationality',
  dateOfBirth: 'Date of birth',
  idNumber: 'ID number',
  idCountry: 'ID issuing country',
  countryOfResidence: 'Country of residence',
} as const satisfies Partial<Record<keyof OwnerView, string>>;
export type OwnerReviewField = keyof typeof OWNER_FIELD_LABELS;

const COUNTRY_FIELDS = new Set(['country', 'nationality', 'idCountry', 'countryOfResidence']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const nameKey = (name: unknown) => (typeof name === 'string' ? name.normalize('NFKC').trim().toLowerCase() : '');

function normalise(field: string, v: unknown): unknown {
  if (COUNTRY_FIELDS.has(field) && typeof v === 'string') return countryCodeOf(v);
  if (field === 'internationalCountries' && Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? countryCodeOf(x) : x));
  return v;
}

interface Extracted {
  company: Json;
  directors: Json[];
  ubos: Json[];
}

/** Merges the extraction results of the documents (oldest first, later values win). */
export function readExtractions(results: (Json | string)[]): Extracted {
  const out: Extracted = { company: {}, directors: [], ubos: [] };
  for (const raw of results) {
    const data = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    if (!isObject(data)) continue;
    const company = isObject(data.companyProfile) ? data.companyProfile : isObject(data.company) ? data.company : data;
    for (const field of Object.keys(COMPANY_FIELD_LABELS)) {
      const v = company[field] ?? (field === 'registrationNumber' ? company.companyNumber : undefined);
      if (v !== undefined && v !== null && v !== '') out.company[field] = normalise(field, v);
    }
    const owners = isObject(data.ownership) ? data.ownership : data;
    for (const kind of ['directors', 'ubos'] as const) {
      const list = owners[kind];
      if (!Array.isArray(list)) continue;
      for (const o of list) {
        if (!isObject(o) || nameKey(o.name) === '') continue;
        let target = out[kind].find((x) => nameKey(x.name) === nameKey(o.name));
        if (!target) out[kind].push((target = {}));
        for (const field of Object.keys(OWNER_FIELD_LABELS)) {
          if (o[field] !== undefined && o[field] !== null && o[field] !== '') target[field] = normalise(field, o[field]);
        }
      }
    }
  }
  return out;
}

export interface ReviewSection {
  section: string;
  label: string;
  kind: 'company' | 'director' | 'ubo';
  /** The stored person's key (owners the application already has). */
  personKey: string | null;
  fields: { field: string; label: string; value: unknown; applicationValue: unknown; extractedValue: unknown }[];
}

export interface Review {
  app: Application;
  sections: ReviewSection[];
  documents: { total: number; awaitingExtraction: number };
  confirmedAt: Date | null;
}

const emptyToNull = (v: unknown) => (v === undefined || v === '' ? null : v);
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The review of a case as it stands (any manager or transaction). */
export async function buildReview(db: TenantDb, c: CaseRecord): Promise<Review> {
  const casePk = Number(c.pk);
  const app = await loadApplication(db, c);
  const documents = await countCaseDocuments(db, casePk);
  const extracted = readExtractions((await listCaseExtractions(db, casePk)).map((d) => d.extractedData));
  const confirmedAt = (await findApplicationProfile(db, casePk))?.reviewConfirmedAt ?? null;

  const field = (name: string, label: string, applicationValue: unknown, extractedValue: unknown) => ({
    field: name, label, applicationValue: emptyToNull(applicationValue), extractedValue: emptyToNull(extractedValue),
    value: isEmpty(applicationValue) && !isEmpty(extractedValue) ? extractedValue : emptyToNull(applicationValue),
  });
  const sections: ReviewSection[] = [{
    section: 'company', label: 'Company', kind: 'company', personKey: null,
    fields: Object.entries(COMPANY_FIELD_LABELS).map(([f, label]) => field(f, label, app.companyProfile[f as CompanyReviewField], extracted.company[f])),
  }];
  for (const [kind, plural, noun] of [['director', 'directors', 'Director'], ['ubo', 'ubos', 'UBO']] as const) {
    const stored = app.ownership[plural];
    const found = [...extracted[plural]];
    const pairs: { owner: OwnerView | null; ext: Json }[] = stored.map((owner) => {
      const i = found.findIndex((x) => nameKey(x.name) === nameKey(owner.name));
      return { owner, ext: i >= 0 ? found.splice(i, 1)[0]! : {} };
    });
    for (const ext of found) pairs.push({ owner: null, ext });
    pairs.forEach(({ owner, ext }, i) => {
      sections.push({
        section: `${plural}.${i}`,
        label: `${noun} ${i + 1}: ${String(owner?.name ?? ext.name)}`,
        kind,
        personKey: owner?.personKey ?? null,
        fields: Object.entries(OWNER_FIELD_LABELS).map(([f, label]) => field(f, label, owner ? owner[f as OwnerReviewField] : null, ext[f])),
      });
    });
  }
  return { app, sections, documents, confirmedAt };
}

/** The wire view of a review. */
export function reviewView(r: Review, c: CaseRecord, editable: boolean): ReviewView {
  return {
    pending: r.documents.awaitingExtraction > 0,
    documents: r.documents,
    submitsCase: c.source === 'doc_upload',
    confirmedAt: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
    editable,
    sections: r.sections.map(({ section, label, fields }) => ({ section, label, fields })),
  };
}
