// The countries the portal accepts: ISO 3166-1 alpha-2 codes with their English names (the same list the
// server checks against, i18n-iso-countries). Only the English names are bundled.
import en from 'i18n-iso-countries/langs/en.json';

export interface Country {
  code: string;
  name: string;
}

const names = en.countries as Record<string, string | string[]>;

/** Every country, by name. */
export const COUNTRIES: readonly Country[] = Object.entries(names)
  .map(([code, name]) => ({ code, name: Array.isArray(name) ? name[0]! : name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** A code's English name, or the code itself when it is not a known code (a value stored before the portal). */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  return BY_CODE.get(code) ?? code;
}

export const isCountryCode = (code: string) => BY_CODE.has(code);
