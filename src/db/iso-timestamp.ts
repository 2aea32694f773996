/**
 * A DATETIME(3) column (the service stores UTC) read as the wire's ISO 8601 string, formatted by the
 * database: `2026-11-21T08:00:00.000Z`, NULL stays NULL. Hot list reads use it: it spares a Date object
 * and a toISOString per value, which on a page of 50 cases is a tenth of the request's CPU.
 */
export function isoTimestampSql(column: string, alias = column): string {
  return `CONCAT(LEFT(DATE_FORMAT(${column}, '%Y-%m-%dT%H:%i:%s.%f'), 23), 'Z') AS ${alias}`;
}
