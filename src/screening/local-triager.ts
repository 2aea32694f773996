import type { HitTriager, TriageInput, TriageResult } from './hit-triager';
import { nameTokens } from './watchlist/name-tokens';
import { tokenSimilarity } from './watchlist/name-similarity';

/** A full-name match needs at least this match score from the provider to count as strong. */
const STRONG_SCORE = 0.9;

const countryOf = (c: string | null) => (c ? c.trim().toLowerCase().split('-')[0]! : null);
const countriesOf = (cs: readonly string[]) => [...new Set(cs.map((c) => countryOf(c)!).filter(Boolean))];

/**
 * The local HitTriager: deterministic rules, no model and no network (provider `svc-rules`, model
 * `rules-v1`, so a reader of screening.hit.triaged can tell it from an LLM's opinion). The same hit always
 * gets the same answer. In order:
 *  1. the dates of birth disagree (no list date consistent with the subject's, years apart) -> false_positive;
 *  2. the nationality or country disagrees (the list has some, none is the subject's) -> false_positive;
 *  3. only part of the name matched (the score is not strong, and a subject's name token, not an initial,
 *     has no counterpart in the entity's caption) -> false_positive;
 *  4. a strong full-name match with the same date of birth -> true_match;
 *  otherwise -> escalate (an analyst decides).
 */
export class LocalHitTriager implements HitTriager {
  readonly provider = 'svc-rules';
  readonly model = 'rules-v1';
  readonly promptVersion = '1';

  async triage(input: TriageInput): Promise<TriageResult> {
    const { subject, match } = input;
    const dob = compareBirthDates(subject.birthDate, match.birthDates);
    if (dob === 'mismatch') {
      return result('false_positive', 85, `Date of birth ${subject.birthDate} differs from the listed ${match.birthDates.join(', ')}.`);
    }
    const mine = countriesOf([subject.nationality, subject.country].filter((c): c is string => Boolean(c)));
    const theirs = countriesOf(subject.schema === 'Person' ? (match.nationality.length ? match.nationality : match.countries) : match.countries);
    if (mine.length && theirs.length && !mine.some((c) => theirs.includes(c))) {
      const what = subject.schema === 'Person' ? 'Nationality' : 'Jurisdiction';
      return result('false_positive', 75, `${what} ${mine.join(', ').toUpperCase()} differs from the listed ${theirs.join(', ').toUpperCase()}.`);
    }
    if (match.score < STRONG_SCORE && partialNameOnly(subject.name, match.caption, subject.schema)) {
      return result('false_positive', 65, `Only part of the name "${subject.name}" matches "${match.caption}".`);
    }
    if (match.score >= STRONG_SCORE && dob === 'exact') {
      return result('true_match', 90, `Full name matches "${match.caption}" (score ${match.score}) with the same date of birth.`);
    }
    const why = dob === 'unknown' ? 'no date of birth to compare' : dob === 'partial' ? 'the listed date of birth is only partly known' : 'the name match is not strong enough';
    return result('escalate', 50, `Name matches "${match.caption}" (score ${match.score}) but ${why}; an analyst should review.`);
  }
}

function result(disposition: TriageResult['disposition'], confidence: number, shortReason: string): TriageResult {
  return { status: 'complete', disposition, confidence, shortReason: shortReason.slice(0, 280) };
}

/** exact: the same full date; partial: consistent at the list's precision; mismatch: years apart (more than one); unknown: nothing to compare or a near miss. */
function compareBirthDates(subject: string | null, listed: readonly string[]): 'exact' | 'partial' | 'mismatch' | 'unknown' {
  const dates = listed.map((d) => d.trim().slice(0, 10)).filter((d) => /^\d{4}(-\d{2}){0,2}$/.test(d));
  if (!subject || !/^\d{4}-\d{2}-\d{2}$/.test(subject) || dates.length === 0) return 'unknown';
  if (dates.includes(subject)) return 'exact';
  if (dates.some((d) => d.length < 10 && subject.startsWith(d))) return 'partial';
  const year = Number(subject.slice(0, 4));
  return dates.some((d) => Math.abs(Number(d.slice(0, 4)) - year) <= 1) ? 'unknown' : 'mismatch';
}

/**
 * Whether the match rests on part of the name only: some token of the subject's name (not an initial, not a
 * particle) has no counterpart in the entity's caption, or the caption has two or more words the subject
 * lacks. Transliteration and spelling variants count as counterparts (the matcher's token similarity).
 */
function partialNameOnly(subjectName: string, caption: string, schema: 'Person' | 'Company'): boolean {
  const s = nameTokens(subjectName, schema).tokens;
  const c = nameTokens(caption, schema).tokens;
  if (s.length === 0 || c.length === 0) return false;
  const covered = (t: (typeof s)[number], others: typeof s) => t.text.length === 1 || t.weight < t.text.length || others.some((o) => tokenSimilarity(t, o) > 0);
  const missingInCaption = s.filter((t) => !covered(t, c)).length;
  const missingInSubject = c.filter((t) => !covered(t, s)).length;
  return missingInCaption > 0 || missingInSubject >= 2;
}
