// Why a watchlist entity matched a name, in words: the listed name that matched (and whether it is an alias),
// each word pair with how it matched, the words with no counterpart, what the date of birth and the nationality
// did to the score, and the final score. Shown by the screening search page; made for the case page's stored
// hits too (it needs only the MatchExplanationFields fragment).
import type { MatchExplanationFieldsFragment } from '../../gql/graphql';

/** How a pair of words matched (the matcher's `how`), in words. */
export const HOW_WORDS: Record<string, string> = {
  exact: 'exact',
  transliterated: 'transliterated (the same name in another script or romanisation)',
  phonetic: 'phonetic (sounds the same)',
  edit_distance: 'spelling difference',
  initial: 'initial',
  joined: 'joined (written as one word on one side)',
};

/** Which of the entity's names matched, in words. */
export const NAME_KIND_WORDS: Record<string, string> = {
  name: 'its primary name',
  alias: 'an alias',
  weakAlias: 'a weak alias',
  previousName: 'a previous name',
};

/** A score of 0 to 1 as a whole percentage: 0.547 -> "55 %". */
export const percent = (score: number) => `${Math.round(score * 100)} %`;

/** A change to the score, signed, to two places: 0.1 -> "+0.10", -0.35 -> "−0.35" (a true minus sign), 0 -> "±0.00". */
export function signed(effect: number): string {
  if (effect === 0) return '±0.00';
  return `${effect > 0 ? '+' : '\u2212'}${Math.abs(effect).toFixed(2)}`;
}

/** What a corroborating feature (date of birth, nationality) did: "+0.10, same date"; absent: not compared. */
function featureWords(f: MatchExplanationFieldsFragment['birthDate'], nothing: string): string {
  if (!f) return nothing;
  const what = f.effect > 0 ? 'raised the score' : f.effect < 0 ? 'lowered the score' : 'no change';
  // The matcher names a shared country by its lower-case code ("us in common"): shown as the code is written.
  const reason = f.reason.replace(/^([a-z]{2}) in common/, (_, code: string) => `${code.toUpperCase()} in common`);
  return `${signed(f.effect)} (${what}): ${reason}`;
}

const quoted = (word: string) => `“${word}”`;

/** One candidate's explanation: the listed name, the word pairs, the words left over, and the score's parts. */
export function MatchExplanationView({ explanation: e, id }: { explanation: MatchExplanationFieldsFragment; id?: string }) {
  const kind = NAME_KIND_WORDS[e.name.kind] ?? e.name.kind;
  return (
    <div className="explanation" id={id}>
      <p>
        Matched the listed name <strong>{quoted(e.name.text)}</strong>, {kind}.
      </p>
      <p className="explanation-title">Words paired</p>
      {e.tokens.length ? (
        <ul className="explanation-pairs">
          {e.tokens.map((t) => (
            <li key={`${t.query}|${t.matched}`}>
              <span className="pair">
                <span className="word">{t.query}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> matched </span>
                <span className="word">{t.matched}</span>
              </span>
              {': '}
              {HOW_WORDS[t.how] ?? t.how}, {percent(t.similarity)} alike
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No word pairs.</p>
      )}
      <dl className="facts explanation-facts">
        <div className="facts-row">
          <dt>Searched words with no counterpart</dt>
          <dd>{e.unmatched.query.length ? e.unmatched.query.join(', ') : 'none'}</dd>
        </div>
        <div className="facts-row">
          <dt>Listed words with no counterpart</dt>
          <dd>{e.unmatched.listed.length ? e.unmatched.listed.join(', ') : 'none'}</dd>
        </div>
        <div className="facts-row">
          <dt>Name score</dt>
          <dd>{percent(e.nameScore)}</dd>
        </div>
        <div className="facts-row">
          <dt>Date of birth</dt>
          <dd>{featureWords(e.birthDate, 'not compared (no date on one side)')}</dd>
        </div>
        <div className="facts-row">
          <dt>Nationality</dt>
          <dd>{featureWords(e.nationality, 'not compared (no country on one side)')}</dd>
        </div>
        <div className="facts-row">
          <dt>Final score</dt>
          <dd><strong>{percent(e.score)}</strong> ({e.score.toFixed(3)})</dd>
        </div>
      </dl>
    </div>
  );
}
