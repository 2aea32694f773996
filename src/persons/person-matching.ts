import { emailKey } from '../email-address';
import { nameSimilarity } from '../screening/index';
import { nameTokens } from '../screening/index';

/**
 * How the registry recognises a human: names compared with the screening matcher's normalisation
 * (transliteration, diacritics, honorifics, romanisation variants, Double Metaphone) plus the date of
 * birth, which decides: the same date raises a similar name to a proposal, a different date rules the
 * person out whatever the name.
 */

/** A proposal needs at least this name similarity when both dates of birth are known and equal. */
export const MIN_SIMILARITY_SAME_BIRTH = 0.7;
/** ... and at least this when a date of birth is missing on either side (the name alone must carry it). */
export const MIN_SIMILARITY_NO_BIRTH = 0.85;
/** What an equal date of birth adds to the name similarity (the score stays within 0..1). */
export const SAME_BIRTH_BONUS = 0.15;
/** Proposals shown per party. */
export const MAX_PROPOSALS = 5;

/**
 * The name as the registry stores it for the strong match: the matcher's tokens (any script in Latin,
 * lower case, no honorifics or punctuation) sorted, so "SMITH, John" and "John Smith" agree.
 */
export function normalizedName(name: string): string {
  return nameTokens(name, 'Person').tokens.map((t) => t.text).sort().join(' ').slice(0, 200);
}

export interface MatchSubject {
  name: string;
  dateOfBirth: string | null;
}

export interface MatchScore {
  score: number;
  nameSimilarity: number;
  sameBirthDate: boolean;
}

/** How likely a person is the party, or null when not proposed (a different date of birth, or names too far apart). */
export function matchScore(party: MatchSubject, person: MatchSubject): MatchScore | null {
  if (party.dateOfBirth && person.dateOfBirth && party.dateOfBirth !== person.dateOfBirth) return null;
  const sameBirthDate = Boolean(party.dateOfBirth && party.dateOfBirth === person.dateOfBirth);
  const sim = nameSimilarity(nameTokens(party.name, 'Person'), nameTokens(person.name, 'Person'));
  if (sim < (sameBirthDate ? MIN_SIMILARITY_SAME_BIRTH : MIN_SIMILARITY_NO_BIRTH)) return null;
  const score = Math.min(1, sim + (sameBirthDate ? SAME_BIRTH_BONUS : 0));
  return { score: Math.round(score * 1000) / 1000, nameSimilarity: Math.round(sim * 1000) / 1000, sameBirthDate };
}

/** Email addresses compared as the open-case guard compares them (NFKC case folding). */
export function sameEmail(a: string | null, b: string | null): boolean {
  return Boolean(a && b && emailKey(a.trim()) === emailKey(b.trim()));
}

/** Id numbers compared without spaces, dashes or case; countries case-insensitively. Both must be known. */
export function sameIdDocument(a: { idNumber: string | null; idCountry: string | null }, b: { idNumber: string | null; idCountry: string | null }): boolean {
  const num = (v: string | null) => (v ?? '').replace(/[\s-]/g, '').toUpperCase();
  const country = (v: string | null) => (v ?? '').trim().toUpperCase();
  return num(a.idNumber) !== '' && num(a.idNumber) === num(b.idNumber) && country(a.idCountry) !== '' && country(a.idCountry) === country(b.idCountry);
}
