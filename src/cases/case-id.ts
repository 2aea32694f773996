/** Public case ids: a UUID v4 (POST /v1/cases) or `CS-<year>-<sequence>`, sequence zero-padded to 5. */
export const CASE_ID_PATTERN = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|CS-\d{4}-\d{5,})$/;

export function isCaseId(value: string): boolean {
  return CASE_ID_PATTERN.test(value);
}

/** The id `CS-<year>-<00000>` of a tenant's `sequence`-th case of `year` (see nextCaseSequence). */
export function caseNumber(year: number, sequence: number): string {
  return `CS-${year}-${String(sequence).padStart(5, '0')}`;
}
