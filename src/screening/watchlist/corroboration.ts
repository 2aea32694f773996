/**
 * Date of birth and nationality as corroborating features of a name match: agreement raises the score a
 * little, a clear disagreement lowers it, and a side with nothing to compare leaves it as it is (the
 * lists often carry only a birth year, or no date at all).
 */

/** Score changes (added to the name score, which is then kept within 0..1). */
export const DOB_EXACT = 0.1;
export const DOB_PARTIAL = 0.05;
export const DOB_NEAR_MISS = -0.1;
export const DOB_MISMATCH = -0.25;
export const COUNTRY_AGREES = 0.05;
export const COUNTRY_DIFFERS = -0.1;

/**
 * The subject's date (YYYY-MM-DD) against the entity's (YYYY, YYYY-MM or YYYY-MM-DD): the same full date
 * DOB_EXACT; consistent at the list's lower precision (year, or year and month) DOB_PARTIAL; no date
 * consistent but one a year or less off DOB_NEAR_MISS (a typo, a calendar conversion); otherwise DOB_MISMATCH.
 * A tenant's tolerance (screening settings): `year` compares years only, `none` leaves the date out.
 */
export function birthDateAdjustment(subject: string | null, entityDates: readonly string[], tolerance: 'exact' | 'year' | 'none' = 'exact'): number {
  if (tolerance === 'none' || !subject || !/^\d{4}/.test(subject) || entityDates.length === 0) return 0;
  // `year`: both sides at the year's precision, so a same year is consistent (DOB_PARTIAL) whatever the day.
  const precise = (d: string) => (tolerance === 'year' ? d.slice(0, 4) : d);
  subject = tolerance === 'year' ? subject.slice(0, 4) : subject;
  const dates = entityDates.map((d) => precise(d.trim().slice(0, 10))).filter((d) => /^\d{4}(-\d{2}){0,2}$/.test(d));
  if (dates.length === 0) return 0;
  if (dates.some((d) => d === subject.slice(0, 10) && d.length === 10)) return DOB_EXACT;
  if (dates.some((d) => d.length < 10 && subject.startsWith(d))) return DOB_PARTIAL;
  const year = Number(subject.slice(0, 4));
  if (dates.some((d) => Math.abs(Number(d.slice(0, 4)) - year) <= 1)) return DOB_NEAR_MISS;
  return DOB_MISMATCH;
}

/**
 * The subject's countries (nationality, residence or jurisdiction; lower-case ISO alpha-2) against the
 * entity's: any in common COUNTRY_AGREES, none in common COUNTRY_DIFFERS, nothing on a side 0.
 */
export function countryAdjustment(subject: readonly string[], entity: readonly string[]): number {
  if (subject.length === 0 || entity.length === 0) return 0;
  return subject.some((c) => entity.includes(c)) ? COUNTRY_AGREES : COUNTRY_DIFFERS;
}
