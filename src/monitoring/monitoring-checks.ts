import { countryCodeOf, subjectsOfApplication, type ScreeningMatch, type ScreeningSubject } from '../screening/index';
import type { AdverseMediaSource } from './adverse-media-source';
import type { CompanyRegistry, RegistryCompany } from './company-registry';
import { factsOfMatch, fingerprintOf, type ObservedFact } from './monitoring-facts';
import type { MonitoredCase, RunParty, RunProfile } from './monitoring.repository';
import { nameKey } from './party-names';
import type { ScreeningProvider } from '../screening/index';

/** The checks of a run, in the order checksRun lists them. */
export const MONITORING_CHECKS = ['rescreening', 'registry_refresh', 'adverse_media'] as const;
export type MonitoringCheck = (typeof MONITORING_CHECKS)[number];
export type CheckStatus = 'ok' | 'skipped' | 'error' | 'not_found';

/** One entry of monitoring.run.completed's checksRun: `subjects` are the subjectRefs the check covered. */
export interface CheckRun {
  check: MonitoringCheck;
  status: CheckStatus;
  subjects: string[];
  /** The reason, when status is error. */
  error?: string;
}

export interface CaseObservation {
  checksRun: CheckRun[];
  facts: ObservedFact[];
}

/** A party of the case as monitoring names it: subjectRef (its position in the case's ownership data) and subjectRole. */
export interface MonitoringSubject {
  ref: string;
  role: 'Company' | 'Director' | 'UBO';
  screening: ScreeningSubject;
}

/** The vendors a run asks (ports, wired in bin/). */
export interface MonitoringSources {
  screening: ScreeningProvider;
  registry: CompanyRegistry;
  adverseMedia: AdverseMediaSource;
}

/**
 * How a case's parties are screened: under the tenant's screening settings with its cleared pairs set aside
 * (screening's screenWithTenantSettings), so that a hit cleared as a false positive is not raised again by a
 * monitoring run while neither side changed. Without it, the provider is asked directly.
 */
export type ScreenParties = (subjects: ScreeningSubject[]) => Promise<{ subject: ScreeningSubject; matches: ScreeningMatch[] }[]>;

const ROLE = { company: 'Company', director: 'Director', ubo: 'UBO' } as const;

/** `company`, `director:1` -> `dir_1`, `ubo:0` -> `ubo_0` (the contract's subjectRef). */
export function subjectRefOf(subjectId: string): string {
  if (subjectId === 'company') return 'company';
  const [kind, position] = subjectId.split(':');
  return `${kind === 'director' ? 'dir' : 'ubo'}_${position}`;
}

export function monitoringSubjects(c: MonitoredCase, profile: RunProfile | null, parties: RunParty[]): MonitoringSubject[] {
  return subjectsOfApplication(c, profile, parties).map((s) => ({ ref: subjectRefOf(s.subjectId), role: ROLE[s.role], screening: s }));
}

/** A reason safe for the wire and the logs: the error's message, short (adapters never put secrets or payloads in theirs). */
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'unknown error';

/**
 * Runs a case's three checks (outside any transaction: vendor calls), each independent of the others'
 * failures: rescreening of every party against the current watchlist, the registry refresh of the
 * company (skipped without a registration number), adverse media on every party.
 */
export async function observeCase(
  sources: MonitoringSources, c: MonitoredCase, profile: RunProfile | null, parties: RunParty[],
  checks: readonly MonitoringCheck[] = MONITORING_CHECKS,
  screenParties?: ScreenParties,
): Promise<CaseObservation> {
  const subjects = monitoringSubjects(c, profile, parties);
  const none = Promise.resolve(null);
  // Only the checks asked for (a watchlist change runs the rescreening alone): the others settle nothing.
  const results = await Promise.all([
    checks.includes('rescreening') ? rescreen(sources, subjects, screenParties) : none,
    checks.includes('registry_refresh') ? refreshRegistry(sources, c, profile, parties) : none,
    checks.includes('adverse_media') ? searchAdverseMedia(sources, subjects) : none,
  ]);
  const ran = results.filter((r) => r !== null);
  return { checksRun: ran.map((r) => r.run), facts: ran.flatMap((r) => r.facts) };
}

async function rescreen(sources: MonitoringSources, subjects: MonitoringSubject[], screenParties?: ScreenParties): Promise<{ run: CheckRun; facts: ObservedFact[] }> {
  const refs = subjects.map((s) => s.ref);
  if (!subjects.length) return { run: { check: 'rescreening', status: 'skipped', subjects: [] }, facts: [] };
  try {
    if (screenParties) {
      const screened = await screenParties(subjects.map((s) => s.screening));
      const bySubject = new Map(screened.map((r) => [r.subject.subjectId, r.matches]));
      const facts = subjects.flatMap((s) => (bySubject.get(s.screening.subjectId) ?? []).flatMap((m) => factsOfMatch(m, { ref: s.ref, role: s.role, subjectId: s.screening.subjectId })));
      return { run: { check: 'rescreening', status: 'ok', subjects: refs }, facts };
    }
    // A director who is also a UBO is asked about once.
    const asked = new Map<string, Promise<ScreeningMatch[]>>();
    const results = await Promise.all(subjects.map(async (s) => {
      const key = JSON.stringify([s.screening.schema, s.screening.name, s.screening.birthDate, s.screening.nationality, s.screening.country]);
      if (!asked.has(key)) asked.set(key, sources.screening.screen(s.screening));
      return { s, matches: await asked.get(key)! };
    }));
    const facts = results.flatMap(({ s, matches }) => matches.flatMap((m) => factsOfMatch(m, { ref: s.ref, role: s.role, subjectId: s.screening.subjectId })));
    return { run: { check: 'rescreening', status: 'ok', subjects: refs }, facts };
  } catch (err) {
    return { run: { check: 'rescreening', status: 'error', subjects: refs, error: reasonOf(err) }, facts: [] };
  }
}

async function refreshRegistry(
  sources: MonitoringSources, c: MonitoredCase, profile: RunProfile | null, parties: RunParty[],
): Promise<{ run: CheckRun; facts: ObservedFact[] }> {
  const number = (profile?.registrationNumber ?? c.companyNumber ?? '').trim();
  if (!number) return { run: { check: 'registry_refresh', status: 'skipped', subjects: [] }, facts: [] };
  const subjects = ['company'];
  try {
    const found = await sources.registry.lookup({ registrationNumber: number, country: countryCodeOf(profile?.country ?? c.country) });
    if (found.status === 'not_found') return { run: { check: 'registry_refresh', status: 'not_found', subjects }, facts: [] };
    const fact = structureFact(found.company, parties);
    return { run: { check: 'registry_refresh', status: 'ok', subjects }, facts: fact ? [fact] : [] };
  } catch (err) {
    return { run: { check: 'registry_refresh', status: 'error', subjects, error: reasonOf(err) }, facts: [] };
  }
}

/**
 * The registry's structure against the case's parties: its officers against the directors, its owners
 * against the UBOs (names compared as nameKey does). Equal: no fact. Different: `structure_change:company`,
 * fingerprinted by the registry's structure, so the same difference seen again raises nothing. The detail
 * gives counts, never names.
 */
export function structureFact(company: RegistryCompany, parties: RunParty[]): ObservedFact | null {
  const caseKeys = (kind: 'director' | 'ubo') => new Set(parties.filter((p) => p.kind === kind && p.name?.trim()).map((p) => nameKey(p.name)));
  const directors = caseKeys('director');
  const ubos = caseKeys('ubo');
  const officers = new Set(company.officers.map((o) => nameKey(o.name)));
  const owners = new Set(company.owners.map((o) => nameKey(o.name)));
  const missing = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).length;
  const newOfficers = missing(officers, directors);
  const goneDirectors = missing(directors, officers);
  const newOwners = missing(owners, ubos);
  const goneUbos = missing(ubos, owners);
  if (newOfficers + goneDirectors + newOwners + goneUbos === 0) return null;
  const corporate = company.owners.filter((o) => o.kind === 'corporate' && !ubos.has(nameKey(o.name))).length;
  return {
    factKey: 'structure_change:company',
    fingerprint: fingerprintOf(['structure', [...officers].sort(), [...owners].sort(), company.status]),
    alertType: 'structure_change', severity: corporate > 0 || newOwners > 0 ? 'high' : 'medium',
    title: 'Registry structure differs from the case\'s parties',
    detail: `The registry (${company.status}) lists ${newOfficers} officer(s) not among the case's directors and ${newOwners} owner(s) not among its UBOs`
      + `${corporate ? ` (${corporate} of them corporate)` : ''}; ${goneDirectors} director(s) and ${goneUbos} UBO(s) of the case are not on the register.`,
    subjectRole: 'Company', subjectRef: 'company',
  };
}

async function searchAdverseMedia(sources: MonitoringSources, subjects: MonitoringSubject[]): Promise<{ run: CheckRun; facts: ObservedFact[] }> {
  const refs = subjects.map((s) => s.ref);
  if (!subjects.length) return { run: { check: 'adverse_media', status: 'skipped', subjects: [] }, facts: [] };
  try {
    const results = await Promise.all(subjects.map(async (s) => ({ s, articles: await sources.adverseMedia.search({ name: s.screening.name, schema: s.screening.schema }) })));
    const facts = results.flatMap(({ s, articles }) => articles.map((a): ObservedFact => ({
      factKey: `adverse_media:${s.ref}:${a.id}`, fingerprint: fingerprintOf(['adverse_media', a.title, [...a.topics].sort(), a.severity]),
      alertType: 'adverse_media', severity: a.severity,
      title: `Adverse media on ${s.role} ${s.ref}`,
      detail: `Article ${a.id} (${a.source || 'unknown source'}, ${a.publishedAt || 'undated'}); topics: ${[...a.topics].sort().join(', ') || 'none'}.`,
      subjectRole: s.role, subjectRef: s.ref,
    })));
    return { run: { check: 'adverse_media', status: 'ok', subjects: refs }, facts };
  } catch (err) {
    return { run: { check: 'adverse_media', status: 'error', subjects: refs, error: reasonOf(err) }, facts: [] };
  }
}
