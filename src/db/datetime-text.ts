/**
 * Hot list reads take DATETIME(3) columns (the service stores UTC) as the text MySQL sends anyway,
 * `2026-11-21 08:00:00.123`, instead of letting mysql2 build a Date that the view turns back into a
 * string: on a page of 50 cases that pair was a tenth of the request's CPU. NULL stays NULL.
 */
export function datetimeTextSql(column: string): string {
  return `CAST(${column} AS CHAR) AS ${column}`;
}

/** `2026-11-21 08:00:00.123` (from datetimeTextSql) as the wire's ISO 8601 UTC with milliseconds; null stays null. */
export function isoFromDatetimeText(text: string): string;
export function isoFromDatetimeText(text: string | null): string | null;
export function isoFromDatetimeText(text: string | null): string | null {
  if (text === null) return null;
  return `${text.slice(0, 10)}T${text.slice(11, 23).padEnd(12, text.length === 19 ? '.000' : '0')}Z`;
}
