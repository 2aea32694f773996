import { graphql } from '../../gql';

/** What the signed-in member may do to the case now: the server's permission table and case transitions. */
export const CaseViewerCanFields = graphql(`
  fragment CaseViewerCanFields on CaseViewerCan {
    assignCaseOwner
    decideCase
    escalateCase
    respondToEscalation
    reopenCase
    approveDecisionOverride
    rejectDecisionOverride
    overrideDocumentStatus
    dispositionScreeningHit
    recomputeRisk
    runAiReview
    runMonitoring
    setEddRequirement
    requestEddEvidence
    sendOutreach
  }
`);

/**
 * Everything the case page shows, in one request (the timeline's first page; Load more asks CaseTimeline). The
 * active risk model's and decision policy's versions name the model of an assessment and the rule of a routing.
 */
export const CaseQuery = graphql(`
  query ConsoleCase($caseId: String!, $timelineFirst: Int) {
    case(caseId: $caseId) {
      caseId
      reference
      tags
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
      sla {
        state
        dueAt
        pausedSince
      }
      owner {
        id
        name
        email
      }
      viewerCan {
        ...CaseViewerCanFields
      }
      decisionBlockers {
        code
        message
      }
      pendingDecisionOverride {
        reason
        notes
        requestedBy
        requestedAt
        blockers {
          message
        }
      }
      decisions {
        id
        outcome
        notes
        analystEmail
        decidedAt
        auto
        reason
        provenance
      }
      documents {
        id
        filename
        documentType
        mimeType
        sizeBytes
        status
        confidence
        warnings
        missingFields
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
        explanation {
          ...MatchExplanationFields
        }
        disposition
        dispositionBy
        dispositionNote
        dispositionedAt
        triage {
          status
          disposition
          confidence
          shortReason
          provider
          model
          triagedAt
        }
      }
      riskAssessment {
        assessmentId
        compositeScore
        band
        bandLabel
        configId
        assessedAt
        assessedBy
        factors {
          factor
          label
          weight
          score
          points
          detail
        }
      }
      aiReview {
        reviewId
        recommendation
        confidence
        riskFactors {
          text
          severity
        }
        triggeredBy
        reviewer
        completedAt
      }
      routing {
        outcome
        policyId
        policyName
        policyVersion
        matchedRuleIndex
        gate
        decided
        evaluatedAt
        facts
      }
      parties {
        kind
        position
        name
        roles
        ownershipPercent
        verificationStatus
      }
      identityVerifications {
        personKey
        name
        email
        roles
        status
        statusLabel
        outcome
        vendorName
        checks {
          key
          label
          result
          detail
        }
        dispatchedBy
        dispatchedAt
        completedAt
        satisfiedByDocId
        documentOnFile {
          satisfied
          documentId
          reasons {
            code
            text
          }
        }
        canResend
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
      notes(first: $timelineFirst) {
        edges {
          node {
            ...CaseNoteFields
          }
        }
        pageInfo {
          hasNextPage
        }
      }
      assistantReads(first: $timelineFirst) {
        edges {
          node {
            readId
            tool
            arguments
            outcome
            calledAt
            appName
            memberEmail
          }
        }
      }
    }
    members {
      id
      name
      email
    }
    apiClients {
      clientId
      name
    }
    riskModel {
      configId
      version
    }
    decisionPolicy {
      policyId
      version
      rules
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
  mutation DecideCase($caseId: String!, $outcome: DecisionOutcome!, $notes: String!, $overrideReason: String) {
    decideCase(caseId: $caseId, outcome: $outcome, notes: $notes, overrideReason: $overrideReason) {
      caseId
      status
    }
  }
`);

export const ApproveDecisionOverrideMutation = graphql(`
  mutation ApproveDecisionOverride($caseId: String!) {
    approveDecisionOverride(caseId: $caseId) {
      caseId
      status
    }
  }
`);

export const RejectDecisionOverrideMutation = graphql(`
  mutation RejectDecisionOverride($caseId: String!) {
    rejectDecisionOverride(caseId: $caseId) {
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

export const DispositionHitMutation = graphql(`
  mutation DispositionScreeningHit($caseId: ID!, $hitId: String!, $disposition: Disposition!, $note: String) {
    dispositionScreeningHit(caseId: $caseId, hitId: $hitId, disposition: $disposition, note: $note) {
      hitId
      disposition
    }
  }
`);

export const RecomputeRiskMutation = graphql(`
  mutation RecomputeRisk($caseId: ID!) {
    recomputeRisk(caseId: $caseId) {
      caseId
      riskAssessment {
        band
        bandLabel
        compositeScore
      }
    }
  }
`);

export const RunAiReviewMutation = graphql(`
  mutation RunAiReview($caseId: ID!) {
    runAiReview(caseId: $caseId) {
      reviewId
      recommendation
      confidence
    }
  }
`);

export const ResendVerificationMutation = graphql(`
  mutation ResendVerification($caseId: ID!, $personKey: ID!) {
    resendVerification(caseId: $caseId, personKey: $personKey) {
      personKey
      status
    }
  }
`);

/** Replay: the decision's recorded policy version on its recorded facts (records nothing). */
export const ReplayDecisionQuery = graphql(`
  query ReplayDecision($caseId: ID!, $decisionId: Int!) {
    replayDecision(caseId: $caseId, decisionId: $decisionId) {
      decisionId
      policyName
      policyVersion
      recorded { outcome matchedRuleIndex matchedRuleName gate }
      replayed { outcome matchedRuleIndex matchedRuleName gate }
      sameOutcome
    }
  }
`);

/** What-if: today's policy on today's facts, beside the latest decision (records nothing). */
export const WhatIfDecisionQuery = graphql(`
  query WhatIfDecision($caseId: ID!) {
    whatIfDecision(caseId: $caseId) {
      policyName
      policyVersion
      answer { outcome matchedRuleIndex matchedRuleName gate }
      latestDecision { decisionId outcome policyVersion recordedOutcome }
      sameAsLatestDecision
    }
  }
`);
