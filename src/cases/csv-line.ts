/**
 * One CSV record (RFC 4180): cells separated by commas, a cell holding a comma, a double quote, CR or LF
 * quoted with its double quotes doubled, CRLF at the end. Before quoting, a text cell a spreadsheet would
 * read as a formula (starting with = + - @, a tab or CR: OWASP's "CSV injection" rule) gets a leading
 * apostrophe, so that it shows as the text it is. Numbers are written as they are (never neutralised);
 * null and undefined are empty cells.
 */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
