import { type TenantDb, forTenant } from '../db/index';
import { randomUUID } from 'node:crypto';
import { authorize, type Actor } from '../access/index';
import {
  findApplicationProfile, listApplicationParties, replaceParties, updateApplicationProfile,
  type NewParty, type PartyRecord, type ProfileField,
} from './application.repository';
import type { PartyKind } from './case-party.entity';
import { findCaseRow, findCaseRowByPk, type CaseDetailRecord, type CaseRecord } from './cases.repository';
import type { Queryable } from '../db/queryable';
import type { Tx } from '../db/transaction';
import { emailKey } from '../email-address';
import { DomainError, type ValidationDetail } from '../errors';
import { WEBSITE_MESSAGE, type ApplicationStepKey } from './application.wire';
import type {
  ApplicationDraft, ApplicationView, CompanyProfileDraft, CompanyProfileView, OwnerDraft, OwnerView,
} from './application.wire';
import { COUNTRY_CODES, countryCodeOf } from '../countries';

/**
 * The application of a case as the customer portal sees it: reading it, checking a draft beyond its
 * schema, writing it, and what is still missing before it can be submitted.
 */

/** The case a portal use case works on: a customer's own case; for the operator or the system, the case it names. */
export async function portalCaseOf(db: Queryable, actor: Actor, caseId?: string): Promise<CaseDetailRecord | CaseRecord> {
  authorize(actor, 'portal:case');
  if (actor.kind === 'customer') {
    const row = await findCaseRowByPk(forTenant(db, actor), actor.casePk);
    if (!row || (caseId !== undefined && caseId !== row.caseId)) throw DomainError.notFound('Case');
    return row;
  }
  if (caseId === undefined) throw DomainError.validation([{ path: 'caseId', message: 'is required' }]);
  return findCaseRow(forTenant(db, actor), caseId);
}

/** Whether the customer may still change the application: until it is submitted (status in_progress). */
export const isEditable = (c: Pick<CaseRecord, 'status'>) => c.status === 'in_progress';

export function refuseUnlessEditable(c: Pick<CaseRecord, 'status'>): void {
  if (!isEditable(c)) throw new DomainError('conflict', 'This application has been submitted and can no longer be changed.');
}


const ownerOf = (p: PartyRecord): OwnerView => ({
  personKey: p.personKey,
  name: p.name,
  email: p.email,
  roles: p.roles,
  ownershipPercent: p.ownershipPercent,
  nationality: p.nationality,
  dateOfBirth: p.dateOfBirth,
  idNumber: p.idNumber,
  idCountry: p.idCountry,
  countryOfResidence: p.countryOfResidence,
});

export type Application = Omit<ApplicationView, 'editable'>;

/** The application as stored (intake values where the customer has not filled the profile in). */
export async function loadApplication(db: TenantDb, c: CaseRecord): Promise<Application> {
  const casePk = Number(c.pk);
  const p = await findApplicationProfile(db, casePk);
  const parties = await listApplicationParties(db, casePk);
  const companyProfile: CompanyProfileView = {
    companyName: p ? p.companyName : c.companyName,
    registrationNumber: p?.registrationNumber ?? null,
    country: countryCodeOf(p ? p.country : c.country),
    entityType: p?.entityType ?? null,
    incorporationDate: p?.incorporationDate ?? null,
    registeredAddress: p?.registeredAddress ?? null,
    taxId: p?.taxId ?? null,
    vatNumber: p?.vatNumber ?? null,
    businessActivity: p?.businessActivity ?? null,
    industrySector: p?.industrySector ?? null,
    annualRevenue: p?.annualRevenue ?? null,
    website: p?.website ?? null,
    sourceOfFunds: p?.sourceOfFunds ?? null,
    transactsInternationally: p?.transactsInternationally ?? false,
    internationalCountries: p?.internationalCountries ?? [],
    customAnswers: p?.customAnswers ?? {},
  };
  return {
    companyProfile,
    ownership: {
      hasUbos: p?.hasUbos ?? null,
      directors: parties.filter((x) => x.kind === 'director').map(ownerOf),
      ubos: parties.filter((x) => x.kind === 'ubo').map(ownerOf),
    },
  };
}

const trimText = (v: string | null | undefined): string | null | undefined => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);

/**
 * Checks a schema-valid draft for what a schema cannot say (dates against today, the UBOs' percentages
 * together) and returns it normalised (text trimmed, empty text null). Throws validation_failed with
 * every problem, each with its path.
 */
export function checkDraft(draft: ApplicationDraft, today: string): ApplicationDraft {
  const details: ValidationDetail[] = [];
  let companyProfile: CompanyProfileDraft | undefined;
  if (draft.companyProfile) {
    companyProfile = {};
    for (const [key, value] of Object.entries(draft.companyProfile)) {
      (companyProfile as Record<string, unknown>)[key] = typeof value === 'string' ? trimText(value) : value;
    }
    for (const [key, value] of Object.entries(companyProfile.customAnswers ?? {})) {
      const ok = value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= 5000);
      if (!ok) details.push({ path: `companyProfile.customAnswers.${key}`, message: 'must be text (at most 5000 characters), a number, true or false, or null' });
    }
    if (typeof companyProfile.website === 'string') {
      const website = normaliseWebsite(companyProfile.website);
      if (website === null) details.push({ path: 'companyProfile.website', message: WEBSITE_MESSAGE });
      else companyProfile.website = website;
    }
    if (companyProfile.incorporationDate && companyProfile.incorporationDate > today) {
      details.push({ path: 'companyProfile.incorporationDate', message: 'must not be in the future' });
    }
  }
  const owners = (kind: 'directors' | 'ubos'): OwnerDraft[] | undefined => draft.ownership?.[kind]?.map((o, i) => {
    const path = `ownership.${kind}.${i}`;
    const name = o.name.trim();
    if (name === '') details.push({ path: `${path}.name`, message: 'must not be empty' });
    if (o.dateOfBirth && o.dateOfBirth > today) details.push({ path: `${path}.dateOfBirth`, message: 'must not be in the future' });
    if (o.dateOfBirth && o.dateOfBirth < '1900-01-01') details.push({ path: `${path}.dateOfBirth`, message: 'must be on or after 1900-01-01' });
    return {
      ...o, name, email: trimText(o.email), idNumber: trimText(o.idNumber),
      roles: o.roles ? [...new Set(o.roles.map((r) => r.trim()).filter(Boolean))] : o.roles,
    };
  });
  const directors = owners('directors');
  const ubos = owners('ubos');
  if (ubos) {
    const total = ubos.reduce((sum, u) => sum + (u.ownershipPercent ?? 0), 0);
    if (total > 100 + 1e-9) {
      details.push({ path: 'ownership.ubos', message: `ownership percentages add up to ${Number(total.toFixed(3))}; they must add up to at most 100` });
    }
  }
  if (details.length) throw DomainError.validation(details);
  return {
    ...(companyProfile ? { companyProfile } : {}),
    ...(draft.ownership ? { ownership: { ...draft.ownership, ...(directors ? { directors } : {}), ...(ubos ? { ubos } : {}) } } : {}),
  };
}

/**
 * A web address as the application keeps it: http(s) as typed; without a scheme ("northwind.example") https://
 * is put in front. Null when it is not a web address with a host name (a dot in it, or localhost) and no
 * user name or password ("mailto:info@northwind.example" would read as one).
 */
export function normaliseWebsite(typed: string): string | null {
  const value = /^https?:\/\//i.test(typed) ? typed : /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? null : `https://${typed}`;
  if (value === null || /\s/.test(value)) return null;
  try {
    const url = new URL(value);
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
    if (!(url.hostname.includes('.') || url.hostname === 'localhost') || url.hostname.startsWith('.') || url.hostname.endsWith('.')) return null;
  } catch {
    return null;
  }
  return value;
}

const nameKey = (o: { name: string; dateOfBirth?: string | null }) => (o.dateOfBirth ? `${o.name.normalize('NFKC').toLowerCase()}|${o.dateOfBirth}` : null);

/**
 * Writes a checked draft into the case's application in the caller's transaction. Lists given replace
 * the stored ones. Person keys: a given personKey the case already uses is kept; otherwise the same
 * human is recognised by email, or by name and date of birth, among the people of this save and those
 * stored; anyone else gets a new UUID v4.
 */
export async function writeDraft(tx: Tx, orgId: string, casePk: number, draft: ApplicationDraft): Promise<void> {
  const now = tx.services.clock.now();
  const patch: Partial<Record<ProfileField, unknown>> = { ...(draft.companyProfile ?? {}) };
  if (draft.ownership?.hasUbos !== undefined) patch.hasUbos = draft.ownership.hasUbos;
  if (Object.keys(patch).length || draft.ownership) await updateApplicationProfile(forTenant(tx.manager, orgId), casePk, patch, now);
  const lists: [PartyKind, OwnerDraft[] | undefined][] = [['director', draft.ownership?.directors], ['ubo', draft.ownership?.ubos]];
  if (lists.every(([, l]) => l === undefined)) return;

  const stored = await listApplicationParties(forTenant(tx.manager, orgId), casePk);
  const storedKeys = new Set(stored.map((p) => p.personKey));
  const byEmail = new Map<string, string>();
  const byName = new Map<string, string>();
  const remember = (o: { email?: string | null; name: string; dateOfBirth?: string | null }, key: string) => {
    if (o.email) byEmail.set(emailKey(o.email), key);
    const n = nameKey(o);
    if (n) byName.set(n, key);
  };
  // People of this save first (a director who is also a UBO in the same save), then those stored.
  const pending: { kind: PartyKind; owner: OwnerDraft }[] = lists.flatMap(([kind, l]) => (l ?? []).map((owner) => ({ kind, owner })));
  for (const { owner } of pending) if (owner.personKey && storedKeys.has(owner.personKey)) remember(owner, owner.personKey);
  for (const p of stored) {
    const o = { email: p.email, name: p.name, dateOfBirth: p.dateOfBirth };
    if (!(o.email && byEmail.has(emailKey(o.email)))) remember({ ...o, name: p.name }, p.personKey);
  }
  const statusOf = new Map(stored.map((p) => [`${p.kind}:${p.personKey}`, p.verificationStatus]));
  const rows = new Map<PartyKind, NewParty[]>([['director', []], ['ubo', []]]);
  for (const { kind, owner } of pending) {
    let key = owner.personKey && storedKeys.has(owner.personKey) ? owner.personKey : undefined;
    key ??= (owner.email ? byEmail.get(emailKey(owner.email)) : undefined) ?? byName.get(nameKey(owner) ?? '') ?? randomUUID();
    remember(owner, key);
    rows.get(kind)!.push({
      personKey: key, name: owner.name, email: owner.email ?? null, roles: owner.roles ?? [kind === 'director' ? 'director' : 'ubo'],
      ownershipPercent: owner.ownershipPercent ?? null, nationality: owner.nationality ?? null, dateOfBirth: owner.dateOfBirth ?? null,
      idNumber: owner.idNumber ?? null, idCountry: owner.idCountry ?? null, countryOfResidence: owner.countryOfResidence ?? null,
      verificationStatus: statusOf.get(`${kind}:${key}`) ?? null,
    });
  }
  for (const [kind, l] of lists) if (l !== undefined) await replaceParties(forTenant(tx.manager, orgId), casePk, kind, rows.get(kind)!);
}

const REQUIRED_COMPANY_FIELDS = [
  'companyName', 'registrationNumber', 'country', 'entityType', 'incorporationDate', 'registeredAddress', 'businessActivity', 'sourceOfFunds',
] as const satisfies readonly (keyof CompanyProfileView)[];
const REQUIRED_DIRECTOR_FIELDS = ['name', 'dateOfBirth', 'nationality'] as const satisfies readonly (keyof OwnerView)[];
const REQUIRED_UBO_FIELDS = ['name', 'ownershipPercent', 'dateOfBirth', 'nationality'] as const satisfies readonly (keyof OwnerView)[];
const REQUIRED = 'is required to submit';

/**
 * What keeps an application from being submitted, each with its path (empty when nothing): the required
 * company fields, at least one director, the UBOs when the customer said someone owns or controls 25% or
 * more, and at least one uploaded document.
 */
export function missingForSubmission(app: Application, documents: { total: number }): ValidationDetail[] {
  const missing: ValidationDetail[] = [];
  const cp = app.companyProfile;
  for (const f of REQUIRED_COMPANY_FIELDS) if (cp[f] === null || cp[f] === '') missing.push({ path: `companyProfile.${f}`, message: REQUIRED });
  if (cp.country !== null && !COUNTRY_CODES.includes(cp.country)) {
    missing.push({ path: 'companyProfile.country', message: 'must be an ISO 3166-1 alpha-2 country code, e.g. GB' });
  }
  if (cp.transactsInternationally && cp.internationalCountries.length === 0) {
    missing.push({ path: 'companyProfile.internationalCountries', message: 'list the countries the company transacts with' });
  }
  const own = app.ownership;
  if (own.directors.length === 0) missing.push({ path: 'ownership.directors', message: 'add at least one director' });
  own.directors.forEach((d, i) => {
    for (const f of REQUIRED_DIRECTOR_FIELDS) if (d[f] === null) missing.push({ path: `ownership.directors.${i}.${f}`, message: REQUIRED });
  });
  if (own.hasUbos === null) {
    missing.push({ path: 'ownership.hasUbos', message: 'say whether any person owns or controls 25% or more of the company' });
  } else if (own.hasUbos && own.ubos.length === 0) {
    missing.push({ path: 'ownership.ubos', message: 'add at least one UBO (a person who owns or controls 25% or more)' });
  }
  own.ubos.forEach((u, i) => {
    for (const f of REQUIRED_UBO_FIELDS) if (u[f] === null) missing.push({ path: `ownership.ubos.${i}.${f}`, message: REQUIRED });
  });
  if (documents.total === 0) missing.push({ path: 'documents', message: 'upload at least one document' });
  return missing;
}

/** Why a person's email address is needed: every director and owner is sent a link to verify their identity. */
export const PERSON_EMAIL_MESSAGE = 'is required: we email each director and owner a link to verify their identity';

/**
 * The people the tenant will ask to verify their identity (every director and UBO, see src/idv) who have no
 * email address to send the link to, each with its path.
 */
export function missingPersonEmails(app: Application): ValidationDetail[] {
  const missing: ValidationDetail[] = [];
  for (const kind of ['directors', 'ubos'] as const) {
    app.ownership[kind].forEach((p, i) => {
      if (!p.email) missing.push({ path: `ownership.${kind}.${i}.email`, message: PERSON_EMAIL_MESSAGE });
    });
  }
  return missing;
}

const STEP_PATH: Record<ApplicationStepKey, string> = { company: 'companyProfile.', ownership: 'ownership.' };

/**
 * What one form step of the application still lacks (empty when it is done): its part of
 * missingForSubmission (conditional fields included) and, for ownership, the people's email addresses.
 */
export function missingForStep(app: Application, step: ApplicationStepKey): ValidationDetail[] {
  return [...missingForSubmission(app, { total: 1 }), ...missingPersonEmails(app)]
    .filter((m) => m.path.startsWith(STEP_PATH[step]) || m.path === STEP_PATH[step].slice(0, -1));
}

/** The refusal of a step saved as done while something it asks for is missing or invalid. */
export function incompleteStep(missing: ValidationDetail[]): DomainError {
  return new DomainError(
    'validation_failed',
    `This step is not complete yet: ${missing.length} ${missing.length === 1 ? 'answer is' : 'answers are'} missing or invalid.`,
    { details: missing },
  );
}

/** The refusal of a submission that lacks something: validation_failed listing every missing item. */
export function incompleteApplication(missing: ValidationDetail[]): DomainError {
  return new DomainError(
    'validation_failed',
    `The application cannot be submitted yet: ${missing.length} ${missing.length === 1 ? 'item is' : 'items are'} missing or invalid.`,
    { details: missing },
  );
}
