import { graphql } from '../../gql';

/** A case note as the case page shows it: its rendered body (safe HTML from the server), author, versions. */
export const CaseNoteFields = graphql(`
  fragment CaseNoteFields on CaseNote {
    id
    body
    bodyHtml
    version
    edited
    createdAt
    editedAt
    viewerCanEdit
    author {
      id
      name
      email
    }
    versions {
      version
      bodyHtml
      writtenAt
      writtenBy {
        name
        email
      }
    }
  }
`);

export const AddCaseNoteMutation = graphql(`
  mutation ConsoleAddCaseNote($caseId: ID!, $body: String!) {
    addCaseNote(caseId: $caseId, body: $body) {
      id
      mentions {
        id
      }
    }
  }
`);

export const EditCaseNoteMutation = graphql(`
  mutation ConsoleEditCaseNote($noteId: ID!, $body: String!) {
    editCaseNote(noteId: $noteId, body: $body) {
      id
      version
    }
  }
`);
