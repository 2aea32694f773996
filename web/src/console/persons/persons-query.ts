import { graphql } from '../../gql';

/** A page of the registry's persons (newest first), optionally searched by name or email. */
export const PersonsQuery = graphql(`
  query ConsolePersons($search: String, $first: Int, $after: Int) {
    persons(search: $search, first: $first, after: $after) {
      nodes {
        personId
        displayName
        dateOfBirth
        nationality
        emails
        createdAt
      }
      hasMore
    }
  }
`);

/** One person with every case link and attached document. */
export const PersonQuery = graphql(`
  query ConsolePerson($id: Int!) {
    person(id: $id) {
      personId
      displayName
      dateOfBirth
      nationality
      emails
      createdBy
      createdAt
      cases {
        caseId
        companyName
        personKey
        linkedBy
        linkedAt
        active
        unlinkedBy
        unlinkedAt
        unlinkReason
      }
      documents {
        documentId
        caseId
        documentType
        filename
        attachedBy
        attachedAt
        validUntil
      }
    }
  }
`);
