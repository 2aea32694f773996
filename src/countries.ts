import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

/** Every ISO 3166-1 alpha-2 code (i18n-iso-countries), sorted: what the portal accepts as a country. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();

/**
 * The alpha-2 code of a country as stored before the portal existed (POST /v1/cases takes a country
 * name): a code as it is, an English name as its code, anything else as given (shown, never guessed).
 */
export function countryCodeOf(stored: string | null): string | null {
  if (stored === null) return null;
  const value = stored.trim();
  if (/^[A-Za-z]{2}$/.test(value) && countries.isValid(value.toUpperCase())) return value.toUpperCase();
  return countries.getAlpha2Code(value, 'en') ?? value;
}
