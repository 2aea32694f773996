import { transliterate } from 'transliteration';

/**
 * A name as the registry comparison and the local sources compare it: Latin letters (other scripts
 * romanised), lower case, without accents or punctuation, its words sorted, so that `SMITH, John` (a
 * registry's order) and `John Smith` are the same name.
 */
export function nameKey(name: string): string {
  return transliterate(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}
