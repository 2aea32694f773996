import { graphql } from '../../gql';

/** Everything the case page shows, in one request (the timeline's first page; Load more asks CaseTimeline). */
export const CaseQuery = graphql(`
  query ConsoleCase($caseId: String!, $timelineFirst: Int) {
    case(caseId: $caseId) {
      caseId
      companyName
      companyNumber
      country
      customerName
      customerEmail
      status
      onboardingStage
      source
      crmSource
      crmRecordId
      riskBand
      riskScore
      createdAt
      updatedAt
      createdBy
      purgedAt
      owner {
        id
        name
        email
      }
      decisions {
        outcome
        notes
        analystEmail
        decidedAt
        auto
        reason
      }
      documents {
        id
        filename
        documentType
        mimeType
        sizeBytes
        status
        confidence
        notes
        uploadedAt
        extractedData
        purgedAt
      }
      screeningHits {
        hitId
        subjectName
        subjectRole
        caption
        schema
        score
        isPep
        isSanctioned
        topics
        source
        detectedAt
        disposition
        dispositionBy
        dispositionNote
        triage {
          status
          disposition
          confidence
          shortReason
        }
      }
      parties {
        kind
        position
        name
        roles
        ownershipPercent
        verificationStatus
      }
      timeline(first: $timelineFirst) {
        edges {
          node {
            eventId
            eventType
            occurredAt
            caseSequence
            payload
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
    members {
      id
      name
      email
    }
  }
`);

/** The next page of a case's timeline. */
export const CaseTimelineQuery = graphql(`
  query ConsoleCaseTimeline($caseId: String!, $first: Int, $after: String) {
    case(caseId: $caseId) {
      caseId
      timeline(first: $first, after: $after) {
        edges {
          node {
            eventId
            eventType
            occurredAt
            caseSequence
            payload
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

export const AssignOwnerMutation = graphql(`
  mutation AssignCaseOwner($caseId: String!, $memberId: ID) {
    assignCaseOwner(caseId: $caseId, memberId: $memberId) {
      caseId
      owner {
        id
        name
      }
    }
  }
`);

export const DecideCaseMutation = graphql(`
  mutation DecideCase($caseId: String!, $outcome: DecisionOutcome!, $notes: String!) {
    decideCase(caseId: $caseId, outcome: $outcome, notes: $notes) {
      caseId
      status
    }
  }
`);

export const EscalateCaseMutation = graphql(`
  mutation EscalateCase($caseId: String!, $note: String!) {
    escalateCase(caseId: $caseId, note: $note) {
      caseId
      status
    }
  }
`);

export const RespondToEscalationMutation = graphql(`
  mutation RespondToEscalation($caseId: String!, $recommendation: Recommendation!, $note: String!) {
    respondToEscalation(caseId: $caseId, recommendation: $recommendation, note: $note) {
      caseId
      status
    }
  }
`);

export const ReopenCaseMutation = graphql(`
  mutation ReopenCase($caseId: String!, $reason: String!) {
    reopenCase(caseId: $caseId, reason: $reason) {
      caseId
      status
    }
  }
`);

export const OverrideDocumentStatusMutation = graphql(`
  mutation OverrideDocumentStatus($documentId: Int!, $status: DocumentOverrideStatus!, $note: String, $reason: String) {
    overrideDocumentStatus(documentId: $documentId, status: $status, note: $note, reason: $reason) {
      id
      status
    }
  }
`);
