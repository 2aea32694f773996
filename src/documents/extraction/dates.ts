/** Dates as documents print them, read into ISO dates (YYYY-MM-DD). */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

// Tried in order; the first that matches anywhere in the text wins.
const PATTERNS: { re: RegExp; pick: (m: RegExpExecArray) => [number, number, number] }[] = [
  // 2019-03-12, 2019/03/12
  { re: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, pick: (m) => [+m[1]!, +m[2]!, +m[3]!] },
  // 12 March 2019, 12th March 2019, 12th day of March 2019, 12-Mar-2019
  { re: new RegExp(`\\b${DAY}(?:\\s+day)?(?:\\s+of)?[\\s\\-.]+${MONTH}\\.?,?[\\s\\-.]+(\\d{4})\\b`, 'i'), pick: (m) => [+m[3]!, month(m[2]!), +m[1]!] },
  // March 12, 2019
  { re: new RegExp(`\\b${MONTH}\\.?\\s+${DAY},?\\s+(\\d{4})\\b`, 'i'), pick: (m) => [+m[3]!, month(m[1]!), +m[2]!] },
  // 12/03/2019, 12.03.2019, 12-03-2019: day first (the documents here are European and British); a
  // first number above 12 can only be a day, a second above 12 only a day too (03/25/2019 is US).
  {
    re: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/,
    pick: (m) => (+m[2]! > 12 && +m[1]! <= 12 ? [+m[3]!, +m[1]!, +m[2]!] : [+m[3]!, +m[2]!, +m[1]!]),
  },
];

function month(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** The first date written in `text`, as YYYY-MM-DD, or null (an impossible date such as 31 February is null). */
export function findDate(text: string): string | null {
  for (const { re, pick } of PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const iso = isoDate(...pick(m));
    if (iso) return iso;
  }
  return null;
}

/** YYYY-MM-DD when the parts make a real calendar date between 1800 and 2200, else null. */
export function isoDate(year: number, monthNo: number, day: number): string | null {
  if (year < 1800 || year > 2200 || monthNo < 1 || monthNo > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, monthNo - 1, day));
  if (d.getUTCMonth() !== monthNo - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** An ISO date plus whole calendar months (end-of-month clamped: 31 Jan + 1 month is 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Today's date (UTC) as YYYY-MM-DD. */
export function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}
