import { graphql } from '../../gql';

export const ReviewsQuery = graphql(`
  query ConsoleMonitoringReviews($state: MonitoringReviewState, $first: Int, $after: String) {
    monitoringReviews(state: $state, first: $first, after: $after) {
      edges {
        node {
          id
          reviewRef
          caseId
          companyName
          alertType
          severity
          subjectRole
          subjectRef
          occurrenceNo
          state
          openedAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const ReviewQuery = graphql(`
  query ConsoleMonitoringReview($id: ID!) {
    monitoringReview(id: $id) {
      id
      reviewRef
      caseId
      companyName
      alertType
      severity
      subjectRole
      subjectRef
      personId
      occurrenceNo
      source
      state
      priorDisposition
      disposition
      dispositionBy
      dispositionNote
      dispositionedAt
      approvedBy
      approvedAt
      bandBefore
      bandAfter
      openedAt
      closedAt
      viewerCan {
        dispositionMonitoringReview
        approveMonitoringReview
        resolveMonitoringReview
        reopenMonitoringReview
      }
      alerts {
        alertId
        runId
        alertType
        severity
        source
        attachedAt
      }
      history {
        action
        actor
        note
        at
      }
    }
  }
`);

export const DispositionReviewMutation = graphql(`
  mutation DispositionMonitoringReview($id: ID!, $disposition: MonitoringReviewDisposition!, $note: String!) {
    dispositionMonitoringReview(id: $id, disposition: $disposition, note: $note) {
      id
      state
    }
  }
`);

export const ApproveReviewMutation = graphql(`
  mutation ApproveMonitoringReview($id: ID!) {
    approveMonitoringReview(id: $id) {
      id
      state
    }
  }
`);

export const ResolveReviewMutation = graphql(`
  mutation ResolveMonitoringReview($id: ID!, $disposition: MonitoringReviewResolution!, $note: String!) {
    resolveMonitoringReview(id: $id, disposition: $disposition, note: $note) {
      id
      state
    }
  }
`);

export const ReopenReviewMutation = graphql(`
  mutation ReopenMonitoringReview($id: ID!, $reason: String!) {
    reopenMonitoringReview(id: $id, reason: $reason) {
      id
      state
    }
  }
`);
