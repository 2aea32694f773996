import { parse, type Details, type ParseResult } from 'mrz';
import { isoDate } from './dates';

/**
 * The machine-readable zone (ICAO 9303) of passports (TD3: two lines of 44) and ID cards (TD1: three lines
 * of 30; TD2: two lines of 36), found in a document's text and read with `mrz` (cheminfo), which checks
 * every check digit and country code.
 */

const LENGTHS = { TD1: 30, TD2: 36, TD3: 44 } as const;
const ROWS = { TD1: 3, TD2: 2, TD3: 2 } as const;
type Format = keyof typeof LENGTHS;

export interface MrzReading {
  format: Format;
  /** `passport` (document code P…) or `id_card` (I, A, C …). */
  kind: 'passport' | 'id_card';
  /** Fields found (absent when the MRZ does not hold them or they are unreadable). */
  fields: {
    surname?: string;
    givenNames?: string;
    nationality?: string;
    dateOfBirth?: string;
    sex?: 'M' | 'F' | 'X';
    documentNumber?: string;
    expiryDate?: string;
    issuingCountry?: string;
  };
  /** Each check digit the format has, and whether it matches. */
  checkDigits: Record<string, boolean>;
  /** Plain sentences about what does not add up (a failed check digit, an unknown country code). */
  problems: string[];
  /** Whether a check digit failed (the reading may be wrong, or the document forged). */
  checkDigitFailed: boolean;
}

const CHECK_DIGITS: Partial<Record<string, string>> = {
  documentNumberCheckDigit: 'documentNumber',
  birthDateCheckDigit: 'dateOfBirth',
  expirationDateCheckDigit: 'expiryDate',
  personalNumberCheckDigit: 'personalNumber',
  compositeCheckDigit: 'composite',
};

/** The candidate MRZ line a text line may be: A-Z, 0-9 and `<` only, spaces removed (OCR puts some in). */
function candidate(line: string): string | null {
  const s = line.toUpperCase().replace(/[\s]/g, '').replace(/[«‹]/g, '<');
  if (s.length < 28 || !/^[A-Z0-9<]+$/.test(s) || !s.includes('<')) return null;
  return s;
}

/** A candidate line brought to the format's length: OCR drops or adds a filler `<` at the end. */
function fit(line: string, length: number): string | null {
  if (line.length === length) return line;
  if (line.length < length && line.length >= length - 2) return line.padEnd(length, '<');
  if (line.length > length && line.length <= length + 2 && /^<+$/.test(line.slice(length))) return line.slice(0, length);
  return null;
}

/** Finds and reads the first MRZ in `text`; null when there is none. `now` decides two-digit birth years. */
export function readMrz(text: string, now: Date): MrzReading | null {
  const lines = text.split(/\r?\n/).map(candidate);
  for (const format of ['TD3', 'TD1', 'TD2'] as const) {
    for (let i = 0; i + ROWS[format] <= lines.length; i++) {
      const rows = lines.slice(i, i + ROWS[format]).map((l) => (l ? fit(l, LENGTHS[format]) : null));
      if (rows.some((r) => r === null)) continue;
      const result = tryParse(rows as string[]);
      if (result && result.format === format) return reading(format, rows as string[], result, now);
    }
  }
  return null;
}

function tryParse(rows: string[]): ParseResult | null {
  try {
    // autocorrect: OCR confuses O/0, I/1, B/8 …; mrz fixes those where a field is only letters or only digits.
    return parse(rows, { autocorrect: true });
  } catch {
    return null;
  }
}

function reading(format: Format, rows: string[], result: ParseResult, now: Date): MrzReading {
  const byField = new Map<string, Details>();
  for (const d of result.details) if (d.field) byField.set(d.field, d);
  // The value mrz read, or (when mrz refused it, e.g. an unknown country code) the raw characters.
  const raw = (field: string): string | null => {
    const d = byField.get(field);
    if (!d) return null;
    if (d.value) return d.value;
    const text = rows[d.line]?.slice(d.start, d.end).replace(/<+/g, ' ').trim();
    return text || null;
  };
  const problems: string[] = [];
  const fields: MrzReading['fields'] = {};
  const surname = raw('lastName');
  const givenNames = raw('firstName');
  if (surname) fields.surname = surname;
  if (givenNames) fields.givenNames = givenNames;
  for (const [field, key, label] of [['nationality', 'nationality', 'nationality'], ['issuingState', 'issuingCountry', 'issuing state']] as const) {
    const code = raw(field);
    if (!code) continue;
    fields[key] = code;
    if (!byField.get(field)?.valid) problems.push(`The MRZ ${label} code "${code}" is not a known country code.`);
  }
  const birth = raw('birthDate');
  const dob = birth ? mrzDate(birth, 'past', now) : null;
  if (dob) fields.dateOfBirth = dob;
  const expiry = raw('expirationDate');
  const expiryDate = expiry ? mrzDate(expiry, 'future', now) : null;
  if (expiryDate) fields.expiryDate = expiryDate;
  const sex = byField.get('sex')?.value;
  if (sex === 'male') fields.sex = 'M';
  else if (sex === 'female') fields.sex = 'F';
  else if (sex === 'nonspecified') fields.sex = 'X';
  const documentNumber = result.documentNumber ?? raw('documentNumber');
  if (documentNumber) fields.documentNumber = documentNumber;

  const checkDigits: Record<string, boolean> = {};
  for (const d of result.details) {
    const name = d.field ? CHECK_DIGITS[d.field] : undefined;
    if (!name) continue;
    checkDigits[name] = d.valid;
    if (!d.valid) problems.push(`The MRZ ${d.label.toLowerCase()} does not match: the document may have been misread or altered.`);
  }
  const documentCode = raw('documentCode') ?? '';
  return {
    format, kind: documentCode.startsWith('P') ? 'passport' : 'id_card', fields, checkDigits, problems,
    checkDigitFailed: Object.values(checkDigits).some((ok) => !ok),
  };
}

/**
 * YYMMDD into YYYY-MM-DD. Birth dates are in the past: the latest century that does not put them in the
 * future. Expiry dates lie within the next few decades: 20YY unless that is more than 50 years ahead.
 */
function mrzDate(yymmdd: string, direction: 'past' | 'future', now: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  const thisYear = now.getUTCFullYear();
  let year = 2000 + yy;
  if (direction === 'past' && year > thisYear) year -= 100;
  if (direction === 'future' && year > thisYear + 50) year -= 100;
  return isoDate(year, mm, dd);
}
