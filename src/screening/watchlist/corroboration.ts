/**
 * Date of birth and nationality as corroborating features of a name match: agreement raises the score a
 * little, and only for a name that already nearly matches (a shared date of birth never lifts another
 * name into a hit); a clear disagreement lowers it enough that a namesake born years apart, or of another
 * nationality, is not a hit; a side with nothing to compare leaves the score as it is (the lists often
 * carry only a birth year, or no date at all).
 */

/** Score changes (added to the name score, which is then kept within 0..1). */
export const DOB_EXACT = 0.1;
export const DOB_PARTIAL = 0.05;
export const DOB_NEAR_MISS = -0.1;
export const DOB_MISMATCH = -0.35;
export const COUNTRY_AGREES = 0.05;
export const COUNTRY_DIFFERS = -0.35;
/** Agreement counts in full from this name score up, and not at all from 0.2 below it (linear between). */
const FULL_BOOST_FROM = 0.8;

/** What one feature did to the score. */
export interface FeatureEffect {
  /** Added to the name score (negative lowers it). */
  effect: number;
  reason: string;
}

export interface Corroboration {
  score: number;
  birthDate?: FeatureEffect;
  nationality?: FeatureEffect;
}

/** How a date of birth corroborates: the full date (`exact`), the year only (`year`), or not at all (`none`): a tenant's screening settings. */
export type BirthDateToleranceSetting = 'exact' | 'year' | 'none';

/**
 * The date feature alone: its nominal effect and reason; null when a side has nothing to compare. The subject's
 * date (YYYY-MM-DD) against the entity's (YYYY, YYYY-MM or YYYY-MM-DD): the same full date DOB_EXACT; consistent
 * at the list's lower precision DOB_PARTIAL; a year or less off DOB_NEAR_MISS (a typo, a calendar conversion);
 * otherwise DOB_MISMATCH. Tolerance `year` compares years only (a same year is consistent); `none` leaves the date out.
 */
export function birthDateEffect(subject: string | null, entityDates: readonly string[], tolerance: BirthDateToleranceSetting = 'exact'): FeatureEffect | null {
  if (tolerance === 'none' || !subject || !/^\d{4}/.test(subject) || entityDates.length === 0) return null;
  const precise = (d: string) => (tolerance === 'year' ? d.slice(0, 4) : d);
  subject = tolerance === 'year' ? subject.slice(0, 4) : subject;
  const dates = entityDates.map((d) => precise(d.trim().slice(0, 10))).filter((d) => /^\d{4}(-\d{2}){0,2}$/.test(d));
  if (dates.length === 0) return null;
  if (dates.some((d) => d === subject.slice(0, 10) && d.length === 10)) return { effect: DOB_EXACT, reason: 'same date' };
  if (dates.some((d) => d.length < 10 && subject.startsWith(d))) return { effect: DOB_PARTIAL, reason: `consistent with ${dates.find((d) => d.length < 10 && subject.startsWith(d))}` };
  const year = Number(subject.slice(0, 4));
  if (dates.some((d) => Math.abs(Number(d.slice(0, 4)) - year) <= 1)) return { effect: DOB_NEAR_MISS, reason: 'a year or less apart' };
  return { effect: DOB_MISMATCH, reason: 'years apart' };
}

/** The country feature alone (nationality, residence or jurisdiction; lower-case alpha-2). */
export function countryEffect(subject: readonly string[], entity: readonly string[]): FeatureEffect | null {
  if (subject.length === 0 || entity.length === 0) return null;
  const common = subject.find((c) => entity.includes(c));
  return common ? { effect: COUNTRY_AGREES, reason: `${common} in common` } : { effect: COUNTRY_DIFFERS, reason: 'none in common' };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The final score of a name score with the subject's date and countries against the entity's. A
 * disagreement is counted in full and then no agreement counts (a same nationality does not offset a date
 * of birth years apart); an agreement counts in full for a name scoring FULL_BOOST_FROM or more, scaled
 * down to nothing for a name 0.2 below that.
 */
export function corroborate(
  nameScore: number, subjectBirthDate: string | null, entityDates: readonly string[], subjectCountries: readonly string[], entityCountries: readonly string[],
  tolerance: BirthDateToleranceSetting = 'exact',
): Corroboration {
  const dob = birthDateEffect(subjectBirthDate, entityDates, tolerance);
  const country = countryEffect(subjectCountries, entityCountries);
  const negative = (dob && dob.effect < 0) || (country && country.effect < 0);
  const scale = Math.min(1, Math.max(0, (nameScore - (FULL_BOOST_FROM - 0.2)) / 0.2));
  const applied = (f: FeatureEffect | null): FeatureEffect | undefined => {
    if (!f) return undefined;
    if (f.effect < 0) return f;
    if (negative) return { effect: 0, reason: `${f.reason}; not counted beside a disagreement` };
    if (scale < 1) return { effect: round3(f.effect * scale), reason: scale === 0 ? `${f.reason}; not counted for a weak name match` : `${f.reason}; counted in part for a partial name match` };
    return f;
  };
  const birthDate = applied(dob);
  const nationality = applied(country);
  const score = round3(Math.min(1, Math.max(0, nameScore + (birthDate?.effect ?? 0) + (nationality?.effect ?? 0))));
  return { score, ...(birthDate ? { birthDate } : {}), ...(nationality ? { nationality } : {}) };
}

/** The date's effect for a full name match (kept for callers of the earlier API). */
export function birthDateAdjustment(subject: string | null, entityDates: readonly string[], tolerance: BirthDateToleranceSetting = 'exact'): number {
  return birthDateEffect(subject, entityDates, tolerance)?.effect ?? 0;
}

/** The countries' effect for a full name match (kept for callers of the earlier API). */
export function countryAdjustment(subject: readonly string[], entity: readonly string[]): number {
  return countryEffect(subject, entity)?.effect ?? 0;
}
