import { graphql } from '../../gql';

/** The case page's EDD and Outreach sections: the requirements with their history, the requested items and reminders. */
export const CaseEddQuery = graphql(`
  query ConsoleCaseEdd($caseId: String!) {
    case(caseId: $caseId) {
      caseId
      status
      customerEmail
      edd {
        requirements {
          reqKey
          label
          source
          status
          note
          requestedAt
          updatedBy
          updatedAt
        }
        history {
          reqKey
          label
          status
          previousStatus
          note
          updatedBy
          changedAt
        }
      }
      customerEmails {
        id
        kind
        recipientEmail
        subject
        state
        attempts
        lastError
        sentAt
        createdAt
      }
      requests {
        items {
          ref
          source
          key
          label
          status
          requestedAt
        }
        reminders {
          recipientEmail
          remindersSent
          nextDueAt
          stoppedReason
          unsubscribed
        }
      }
    }
  }
`);

export const SetEddRequirementMutation = graphql(`
  mutation SetEddRequirement($caseId: ID!, $reqKey: String!, $status: EddStatus!, $note: String, $label: String) {
    setEddRequirement(caseId: $caseId, reqKey: $reqKey, status: $status, note: $note, label: $label) {
      requirements {
        reqKey
        status
      }
    }
  }
`);

export const RequestEddEvidenceMutation = graphql(`
  mutation RequestEddEvidence($caseId: ID!, $items: [String!]!) {
    requestEddEvidence(caseId: $caseId, items: $items) {
      emailId
      recipientEmail
      subject
    }
  }
`);

export const SendOutreachMutation = graphql(`
  mutation SendOutreach($caseId: ID!, $kind: String!, $items: [OutreachItemInput!]!) {
    sendOutreach(caseId: $caseId, kind: $kind, items: $items) {
      emailId
      recipientEmail
      subject
    }
  }
`);
