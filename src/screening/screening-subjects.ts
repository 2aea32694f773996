import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import type { ScreeningSubject } from './screening-provider';

countries.registerLocale(en);

/**
 * ISO 3166-1 alpha-2 (upper case) of a stored country: the portal stores codes; cases opened through
 * POST /v1/cases may carry an English name or an alpha-3 code. Anything else is unknown (null): a
 * corroborating feature is better missing than guessed.
 */
export function countryCodeOf(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^[A-Za-z]{2}$/.test(v)) return countries.isValid(v.toUpperCase()) ? v.toUpperCase() : null;
  if (/^[A-Za-z]{3}$/.test(v)) return countries.alpha3ToAlpha2(v.toUpperCase()) ?? countries.getAlpha2Code(v, 'en') ?? null;
  return countries.getAlpha2Code(v, 'en') ?? null;
}

const dateOnly = (v: Date | string | null): string | null => {
  if (v === null) return null;
  const s = typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null;
};

/**
 * The parties a case screens, from its submitted application: the company (the profile's name, else the
 * case's), then each director and each UBO in their order. subjectId is stable within the case
 * (`company`, `director:<position>`, `ubo:<position>`), so a rerun names the same subject the same way.
 */
export function subjectsOfApplication(
  c: { companyName: string | null; country: string | null },
  profile: { companyName: string | null; country: string | null } | null,
  parties: { kind: 'director' | 'ubo'; position: number; name: string; nationality: string | null; dateOfBirth: Date | string | null; countryOfResidence: string | null }[],
): ScreeningSubject[] {
  const subjects: ScreeningSubject[] = [];
  const companyName = (profile?.companyName ?? c.companyName ?? '').trim();
  if (companyName) {
    subjects.push({
      subjectId: 'company', name: companyName, role: 'company', schema: 'Company', birthDate: null, nationality: null,
      country: countryCodeOf(profile?.country ?? c.country),
    });
  }
  for (const kind of ['director', 'ubo'] as const) {
    for (const p of parties.filter((x) => x.kind === kind).sort((a, b) => a.position - b.position)) {
      if (!p.name?.trim()) continue;
      subjects.push({
        subjectId: `${kind}:${p.position}`, name: p.name.trim(), role: kind, schema: 'Person', birthDate: dateOnly(p.dateOfBirth),
        nationality: countryCodeOf(p.nationality), country: countryCodeOf(p.countryOfResidence),
      });
    }
  }
  return subjects;
}
