import { graphql } from '../../gql';

/**
 * Why a watchlist entity matched a name (the matcher's MatchExplanation): the listed name, the word pairs and
 * how each matched, the words left over, the name score, what the date of birth and nationality did, and the
 * final score. Spread it wherever an explanation is shown (MatchExplanationView).
 */
export const MatchExplanationFields = graphql(`
  fragment MatchExplanationFields on MatchExplanation {
    name {
      text
      kind
    }
    tokens {
      query
      matched
      how
      similarity
    }
    unmatched {
      query
      listed
    }
    nameScore
    birthDate {
      effect
      reason
    }
    nationality {
      effect
      reason
    }
    score
  }
`);

export const ScreenNameQuery = graphql(`
  query ConsoleScreenName($input: ScreenNameInput!) {
    screenName(input: $input) {
      threshold
      listVersion
      data {
        entityId
        caption
        schema
        score
        match
        topics
        datasets
        birthDates
        nationality
        countries
        isPep
        isSanctioned
        explanation {
          ...MatchExplanationFields
        }
      }
    }
  }
`);
