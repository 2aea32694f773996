/**
 * TypeScript types of the webhook payloads, event contract version 1 (eventVersion 1, X-SVC-Event-Version 1).
 * Generated from the JSON Schemas at /schemas/webhooks/*.v1.json; the same shapes are the `data` of
 * /v1/events feed items. Receivers must ignore unknown fields: additive fields and new event types
 * never bump the version, so these interfaces are closed only to help you spot typos.
 * Every event that carries caseId also carries caseSequence (1, 2, 3 … per case, no gaps, in commit order).
 */

/**
 * Every webhook payload type (version 1), by event type.
 */
export interface WebhookPayloads {
  'ai_review.completed': AiReviewCompletedEvent;
  'case.created': CaseCreatedEvent;
  'case.data_package.delivered': CaseDataPackageDeliveredEvent;
  'case.decision.made': CaseDecisionMadeEvent;
  'case.onboarding_progress.changed': CaseOnboardingProgressChangedEvent;
  'case.status.changed': CaseStatusChangedEvent;
  'case.submitted': CaseSubmittedEvent;
  'data.corrected': DataCorrectedEvent;
  'document.processed': DocumentProcessedEvent;
  'document.uploaded': DocumentUploadedEvent;
  'edd.requested': EddRequestedEvent;
  'edd.requirements.changed': EddRequirementsChangedEvent;
  'escalation.created': EscalationCreatedEvent;
  'escalation.responded': EscalationRespondedEvent;
  'idv.completed': IdvCompletedEvent;
  'idv.dispatched': IdvDispatchedEvent;
  'idv.satisfied_by_document': IdvSatisfiedByDocumentEvent;
  'monitoring.alert.created': MonitoringAlertCreatedEvent;
  'monitoring.review.closed': MonitoringReviewClosedEvent;
  'monitoring.review.dispositioned': MonitoringReviewDispositionedEvent;
  'monitoring.review.escalated': MonitoringReviewEscalatedEvent;
  'monitoring.review.opened': MonitoringReviewOpenedEvent;
  'monitoring.review.reopened': MonitoringReviewReopenedEvent;
  'monitoring.run.completed': MonitoringRunCompletedEvent;
  'outreach.email.sent': OutreachEmailSentEvent;
  'owner.changed': OwnerChangedEvent;
  'person.document_attached': PersonDocumentAttachedEvent;
  'person.linked': PersonLinkedEvent;
  'person.marked_new': PersonMarkedNewEvent;
  'person.unlinked': PersonUnlinkedEvent;
  ping: PingEvent;
  'risk.assessed': RiskAssessedEvent;
  'routing.evaluated': RoutingEvaluatedEvent;
  'screening.completed': ScreeningCompletedEvent;
  'screening.hit.detected': ScreeningHitDetectedEvent;
  'screening.hit.triaged': ScreeningHitTriagedEvent;
}
/**
 * The autonomous AI case review finished, whether analyst-triggered or a background run after form submission or customer review confirmation.
 */
export interface AiReviewCompletedEvent {
  /**
   * Event type.
   */
  event: 'ai_review.completed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  reviewId: number;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  /**
   * Analyst email, or `system:form-submission:<email>` or `system:confirm-review:<email>`.
   */
  triggeredBy: string;
  recommendation: 'Approve' | 'Refer' | 'Decline';
  confidence: 'High' | 'Medium' | 'Low';
  riskFactorCount: number;
  riskFactors: {
    text: string;
    severity: 'HIGH' | 'MEDIUM' | 'LOW';
  }[];
  completedAt: string;
}
/**
 * A case is opened by manual analyst creation, customer document upload or application form submission; cases created through POST /v1/cases also emit it.
 */
export interface CaseCreatedEvent {
  /**
   * Event type.
   */
  event: 'case.created';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  companyNumber: string | null;
  /**
   * ISO country or jurisdiction.
   */
  country: string | null;
  customerEmail: string | null;
  /**
   * How the case was opened. `api` (additive) for cases created through POST /v1/cases, as in the create response.
   */
  source: 'manual' | 'doc_upload' | 'application_form' | 'api';
  /**
   * Analyst email; only on manual creation.
   */
  createdBy?: string;
}
/**
 * A decision is recorded and the tenant has opted into full-parity egress. Emitted once at decision time.
 */
export interface CaseDataPackageDeliveredEvent {
  /**
   * Event type.
   */
  event: 'case.data_package.delivered';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  /**
   * Stable across redelivery.
   */
  decidedAt: string;
  outcome: 'approved' | 'declined' | null;
  fullParity: FullParity;
}
/**
 * The full-parity projection of a case. Present only when the tenant has full-parity egress enabled (on case.data_package.delivered, and on the single case of the pull API with scope read:full_case).
 */
export interface FullParity {
  caseId: string;
  orgId: string;
  status: string;
  crmRecordId: string | null;
  crmSource: string | null;
  /**
   * What the case holds at decision time; a string the service has not collected is null (never invented).
   */
  companyProfile: {
    companyName: string | null;
    registrationNumber: string | null;
    country: string | null;
    entityType: string | null;
    incorporationDate: string | null;
    registeredAddress: string | null;
    taxId: string | null;
    vatNumber: string | null;
    businessActivity: string | null;
    industrySector: string | null;
    annualRevenue: string | null;
    website: string | null;
    customerEmail: string | null;
    sourceOfFunds: string | null;
    transactsInternationally: boolean;
    internationalCountries: string[];
    customAnswers: {};
  };
  ownership: {
    directors: Owner[];
    ubos: Owner[];
  };
  documents: {
    id: number;
    documentType: string | null;
    filename: string;
    mimeType: string;
    sizeBytes: number;
    status: string;
    confidence: string | null;
    uploadedAt: string;
    warnings: unknown[];
    notes: string | null;
    /**
     * The complete extracted data.
     */
    extractedData: {};
  }[];
  decision: {
    outcome: 'approved' | 'declined';
    notes: string;
    analystEmail: string;
    decidedAt: string;
  };
  /**
   * The latest risk assessment; null when the case has none.
   */
  risk: {
    compositeScore: number;
    band: string;
    assessedAt: string;
  } | null;
  screeningSummary: {
    totalHits: number;
    sanctionedHits: number;
    pepHits: number;
  };
}
/**
 * A director or UBO in the full-parity projection (`fullParity.ownership.directors[]`, `fullParity.ownership.ubos[]`).
 */
export interface Owner {
  name: string;
  email: string | null;
  roles: string[];
  /**
   * Ownership in percent; null when not applicable or unknown.
   */
  ownershipPercent: number | null;
  nationality: string | null;
  dateOfBirth: string | null;
  idNumber: string | null;
  idCountry: string | null;
  countryOfResidence: string | null;
  source: string | null;
}
/**
 * An analyst approved or declined, or the decision policy did (auto-approval, auto-rejection, or the age gate declining an underage customer).
 */
export interface CaseDecisionMadeEvent {
  /**
   * Event type.
   */
  event: 'case.decision.made';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  outcome: 'approved' | 'declined';
  notes: string;
  /**
   * `policy_engine` on an automatic decision.
   */
  analystEmail: string;
  decidedAt: string;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  /**
   * True on an automatic decision; absent otherwise.
   */
  auto?: true;
  /**
   * Only on an automatic decision.
   */
  reason?: 'policy_engine' | 'age_gate';
}
/**
 * The case reached a new journey stage, or a director, UBO or signatory verification status changed. Only on a real change.
 */
export interface CaseOnboardingProgressChangedEvent {
  /**
   * Event type.
   */
  event: 'case.onboarding_progress.changed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  /**
   * Null for individual cases.
   */
  companyName: string | null;
  stage:
    | 'created'
    | 'invite_sent'
    | 'collecting_documents'
    | 'application_submitted'
    | 'in_screening'
    | 'awaiting_id_verification'
    | 'decision_made';
  stageLabel: string;
  summary: {
    verified: number;
    total: number;
  };
  /**
   * Never carries email, person key, EDD, risk or screening-adjudication data.
   */
  roster: {
    name: string;
    role: string;
    status: 'link_sent' | 'in_progress' | 'action_needed' | 'verified';
    statusLabel: string;
  }[];
}
/**
 * Lifecycle transition: submission, decision, escalation to senior, return from senior review.
 */
export interface CaseStatusChangedEvent {
  /**
   * Event type.
   */
  event: 'case.status.changed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  status: 'in_progress' | 'in_review' | 'pending_senior' | 'returned' | 'approved' | 'declined';
  previousStatus: 'in_progress' | 'in_review' | 'pending_senior' | 'returned' | 'approved' | 'declined';
  /**
   * Email of the actor, or `policy_engine`.
   */
  changedBy: string;
  /**
   * Only on returns from senior review.
   */
  recommendation?: 'approve' | 'decline' | 'refer';
}
/**
 * The customer finished their part: application form submitted or customer review confirmed.
 */
export interface CaseSubmittedEvent {
  /**
   * Event type.
   */
  event: 'case.submitted';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  country: string | null;
  customerEmail: string | null;
  source: 'application_form' | 'doc_upload';
}
/**
 * A customer corrected extracted data in review, or an analyst overrode an errored document.
 */
export interface DataCorrectedEvent {
  /**
   * Event type.
   */
  event: 'data.corrected';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  source: 'customer_review' | 'analyst_override';
  /**
   * Customer review.
   */
  amendmentCount?: number;
  /**
   * Customer review.
   */
  amendments?: {
    section: string;
    field: string;
    originalValue: unknown;
    correctedValue: unknown;
  }[];
  /**
   * Analyst override.
   */
  documentId?: number;
  /**
   * Analyst override; always document_status.
   */
  field?: 'document_status';
  /**
   * Analyst override; typically `error`.
   */
  originalValue?: string;
  /**
   * Analyst override.
   */
  correctedValue?: 'approved' | 'escalated';
  /**
   * Manual approval note.
   */
  note?: string;
  /**
   * Escalation reason.
   */
  reason?: string;
  /**
   * Analyst email.
   */
  by?: string;
}
/**
 * One document finished extraction successfully (one emit per document).
 */
export interface DocumentProcessedEvent {
  /**
   * Event type.
   */
  event: 'document.processed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  documentId: number;
  documentType: string;
  filename: string;
  /**
   * Always complete: error completions do not fire.
   */
  status: 'complete';
  confidence: 'High' | 'Medium' | 'Low';
  warningCount: number;
  missingFieldCount: number;
}
/**
 * Documents are uploaded; one emit per batch.
 */
export interface DocumentUploadedEvent {
  /**
   * Event type.
   */
  event: 'document.uploaded';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  documentIds: number[];
  fileCount: number;
  filenames: string[];
}
/**
 * An EDD evidence-request email was sent to the customer (one emit per send).
 */
export interface EddRequestedEvent {
  /**
   * Event type.
   */
  event: 'edd.requested';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  recipientEmail: string;
  itemCount: number;
  items: {
    key: string;
    label: string;
  }[];
  sentBy: string;
  sentAt: string;
}
/**
 * An analyst marked an EDD requirement outstanding, received or waived, or changed its note.
 */
export interface EddRequirementsChangedEvent {
  /**
   * Event type.
   */
  event: 'edd.requirements.changed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Stable key.
   */
  reqKey: string;
  label: string;
  status: 'outstanding' | 'received' | 'waived';
  previousStatus: 'outstanding' | 'received' | 'waived' | null;
  note: string;
  /**
   * Analyst email.
   */
  updatedBy: string;
}
/**
 * An analyst escalated a case for senior review. Companion to case.status.changed, and it carries the analyst note that event omits.
 */
export interface EscalationCreatedEvent {
  /**
   * Event type.
   */
  event: 'escalation.created';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  note: string;
  raisedBy: string;
}
/**
 * A senior reviewer responded to an escalation. Companion to case.status.changed.
 */
export interface EscalationRespondedEvent {
  /**
   * Event type.
   */
  event: 'escalation.responded';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  recommendation: 'approve' | 'decline' | 'refer';
  note: string;
  respondedBy: string;
}
/**
 * The verification vendor reported a result for one person.
 */
export interface IdvCompletedEvent {
  /**
   * Event type.
   */
  event: 'idv.completed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  verificationType: 'identity';
  vendorName: string;
  /**
   * Index in the case roster.
   */
  position: number;
  role: string;
  outcome: 'pass' | 'fail' | 'manual_review';
  completedAt: string;
}
/**
 * An identity-verification link was sent to a person on the case. One emit per email, deduplicated by personKey across roles.
 */
export interface IdvDispatchedEvent {
  /**
   * Event type.
   */
  event: 'idv.dispatched';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  recipientEmail: string;
  recipientName: string;
  /**
   * UUID v4, shared by the same human within the case.
   */
  personKey: string;
  roles: string[];
  /**
   * `system` or analyst email.
   */
  dispatchedBy: string;
}
/**
 * A dispatch was suppressed because an accepted passport or ID document is already on file for that person.
 */
export interface IdvSatisfiedByDocumentEvent {
  /**
   * Event type.
   */
  event: 'idv.satisfied_by_document';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  personName: string;
  personEmail: string | null;
  personKey: string;
  roles: string[];
  satisfiedByDocId: number;
}
/**
 * A monitoring run produced a new alert on an existing case.
 */
export interface MonitoringAlertCreatedEvent {
  /**
   * Event type.
   */
  event: 'monitoring.alert.created';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Company name; null when unknown.
   */
  companyName: string | null;
  runId: number;
  /**
   * e.g. sanctions_hit, pep_change, adverse_media.
   */
  alertType: string;
  severity: 'low' | 'medium' | 'high';
  title: string;
  detail: string;
}
/**
 * A second person approved the verdict and closed the review.
 */
export interface MonitoringReviewClosedEvent {
  /**
   * Event type.
   */
  event: 'monitoring.review.closed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The monitored customer's case, the record the CRM holds. Never the review case.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Stable across every event for the same review.
   */
  reviewCaseId: string;
  /**
   * Human-readable reference as shown in the review queue.
   */
  reviewRef: string | null;
  /**
   * The alert that opened the review (e.g. sanctions_hit, adverse_media, structure_change).
   */
  alertType: string;
  severity: 'low' | 'medium' | 'high' | 'critical' | null;
  /**
   * Flagged party's role (e.g. UBO, Director). Never the name.
   */
  subjectRole: string | null;
  /**
   * Position in the case ownership data (e.g. ubo_0, dir_1, company).
   */
  subjectRef: string | null;
  /**
   * Person-registry id when linked.
   */
  personId: number | string | null;
  /**
   * Number of times the same fact has opened a review on this customer. 2 or more means reviewed before.
   */
  occurrenceNo: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  disposition: 'true_match' | 'false_positive' | 'escalate';
  dispositionBy: string | null;
  /**
   * A different person while four-eyes is on.
   */
  approvedBy: string | null;
  approvedAt: string | null;
  bandBefore: string | null;
  bandAfter: string | null;
  /**
   * True when this close (the last open review, all false positives) re-checked the band on the current risk model.
   */
  bandReaffirmed: boolean;
}
/**
 * An analyst reached a verdict.
 */
export interface MonitoringReviewDispositionedEvent {
  /**
   * Event type.
   */
  event: 'monitoring.review.dispositioned';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The monitored customer's case, the record the CRM holds. Never the review case.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Stable across every event for the same review.
   */
  reviewCaseId: string;
  /**
   * Human-readable reference as shown in the review queue.
   */
  reviewRef: string | null;
  /**
   * The alert that opened the review (e.g. sanctions_hit, adverse_media, structure_change).
   */
  alertType: string;
  severity: 'low' | 'medium' | 'high' | 'critical' | null;
  /**
   * Flagged party's role (e.g. UBO, Director). Never the name.
   */
  subjectRole: string | null;
  /**
   * Position in the case ownership data (e.g. ubo_0, dir_1, company).
   */
  subjectRef: string | null;
  /**
   * Person-registry id when linked.
   */
  personId: number | string | null;
  /**
   * Number of times the same fact has opened a review on this customer. 2 or more means reviewed before.
   */
  occurrenceNo: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  disposition: 'true_match' | 'false_positive' | 'escalate';
  dispositionBy: string | null;
  /**
   * True when it confirms a match that a previous occurrence dismissed as a false positive.
   */
  isReversal: boolean;
  state: 'pending_approval' | 'with_mlro';
}
/**
 * A review was handed to the MLRO for senior review. It pairs with escalation.created on the same case.
 */
export interface MonitoringReviewEscalatedEvent {
  /**
   * Event type.
   */
  event: 'monitoring.review.escalated';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The monitored customer's case, the record the CRM holds. Never the review case.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId?: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence?: number;
  /**
   * Stable across every event for the same review.
   */
  reviewCaseId: string;
  /**
   * Human-readable reference as shown in the review queue.
   */
  reviewRef?: string | null;
  /**
   * The alert that opened the review (e.g. sanctions_hit, adverse_media, structure_change).
   */
  alertType: string;
  severity?: 'low' | 'medium' | 'high' | 'critical' | null;
  /**
   * Flagged party's role (e.g. UBO, Director). Never the name.
   */
  subjectRole?: string | null;
  /**
   * Position in the case ownership data (e.g. ubo_0, dir_1, company).
   */
  subjectRef?: string | null;
  /**
   * Person-registry id when linked.
   */
  personId?: number | string | null;
  /**
   * Number of times the same fact has opened a review on this customer. 2 or more means reviewed before.
   */
  occurrenceNo: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource?: string | null;
  /**
   * analyst_escalate: the analyst could not call it; band_increase: a confirmed match raised the risk band; model_drift: an all-false-positive close re-scored the customer on the current model and the band still moved.
   */
  escalationReason: 'analyst_escalate' | 'band_increase' | 'model_drift';
  escalationId?: number | string | null;
  /**
   * Null when no default MLRO is nominated and it waits in the senior queue.
   */
  assignedTo?: string | null;
  bandBefore?: string | null;
  bandAfter?: string | null;
}
/**
 * A monitoring alert opened a review. Once per review.
 */
export interface MonitoringReviewOpenedEvent {
  /**
   * Event type.
   */
  event: 'monitoring.review.opened';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The monitored customer's case, the record the CRM holds. Never the review case.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Stable across every event for the same review.
   */
  reviewCaseId: string;
  /**
   * Human-readable reference as shown in the review queue.
   */
  reviewRef: string | null;
  /**
   * The alert that opened the review (e.g. sanctions_hit, adverse_media, structure_change).
   */
  alertType: string;
  severity: 'low' | 'medium' | 'high' | 'critical' | null;
  /**
   * Flagged party's role (e.g. UBO, Director). Never the name.
   */
  subjectRole: string | null;
  /**
   * Position in the case ownership data (e.g. ubo_0, dir_1, company).
   */
  subjectRef: string | null;
  /**
   * Person-registry id when linked.
   */
  personId: number | string | null;
  /**
   * Number of times the same fact has opened a review on this customer. 2 or more means reviewed before.
   */
  occurrenceNo: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  /**
   * Always open.
   */
  state: 'open';
  /**
   * e.g. scheduled.
   */
  source: string | null;
  /**
   * Verdict on the previous occurrence; null the first time.
   */
  priorDisposition: 'true_match' | 'false_positive' | 'escalate' | null;
}
/**
 * A closed review was reopened.
 */
export interface MonitoringReviewReopenedEvent {
  /**
   * Event type.
   */
  event: 'monitoring.review.reopened';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The monitored customer's case, the record the CRM holds. Never the review case.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Stable across every event for the same review.
   */
  reviewCaseId: string;
  /**
   * Human-readable reference as shown in the review queue.
   */
  reviewRef: string | null;
  /**
   * The alert that opened the review (e.g. sanctions_hit, adverse_media, structure_change).
   */
  alertType: string;
  severity: 'low' | 'medium' | 'high' | 'critical' | null;
  /**
   * Flagged party's role (e.g. UBO, Director). Never the name.
   */
  subjectRole: string | null;
  /**
   * Position in the case ownership data (e.g. ubo_0, dir_1, company).
   */
  subjectRef: string | null;
  /**
   * Person-registry id when linked.
   */
  personId: number | string | null;
  /**
   * Number of times the same fact has opened a review on this customer. 2 or more means reviewed before.
   */
  occurrenceNo: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  reopenedBy: string | null;
  /**
   * The verdict that was cleared.
   */
  previousDisposition: 'true_match' | 'false_positive' | 'escalate' | null;
}
/**
 * A monitoring run finished, whether or not it produced alerts.
 */
export interface MonitoringRunCompletedEvent {
  /**
   * Event type.
   */
  event: 'monitoring.run.completed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  runId: number;
  /**
   * `scheduled` or the analyst email for ad-hoc runs.
   */
  triggeredBy: string;
  alertsGenerated: number;
  /**
   * One entry per check: its name, status (`error` carries the reason in `error`; `not_found`: the registry refresh could not find the company) and the subjects it covered.
   */
  checksRun: {
    check: string;
    /**
     * `error` carries the reason in `error`; `not_found`: the registry refresh could not find the company.
     */
    status: 'ok' | 'skipped' | 'error' | 'not_found';
    subjects: unknown;
    /**
     * The reason, when status is error.
     */
    error?: string;
  }[];
}
/**
 * A customer-facing outreach email was sent (one emit per send).
 */
export interface OutreachEmailSentEvent {
  /**
   * Event type.
   */
  event: 'outreach.email.sent';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * e.g. document_request.
   */
  kind: string;
  recipientEmail: string;
  subject: string;
  itemCount: number;
  items: {
    key: string;
    label: string;
  }[];
  sentBy: string;
}
/**
 * A case owner was assigned, reassigned or cleared (case-row branch only; form-draft owner changes do not fire).
 */
export interface OwnerChangedEvent {
  /**
   * Event type.
   */
  event: 'owner.changed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  previousOwner: {
    name: string;
    email: string;
  } | null;
  newOwner: {
    name: string;
    email: string;
  } | null;
  /**
   * Analyst email (the removing admin when reason is member_removed).
   */
  changedBy: string | null;
  /**
   * Present only when the platform cleared the owner itself.
   */
  reason?: 'member_removed';
}
/**
 * An analyst attached a passport or ID document to a person profile for reuse on future cases within the tenant validity window.
 */
export interface PersonDocumentAttachedEvent {
  /**
   * Event type.
   */
  event: 'person.document_attached';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  personId: number;
  documentId: number;
  /**
   * Typically `Passport` or `Government ID`.
   */
  documentType: string;
  attachedBy: string;
}
/**
 * An analyst linked a case-side subject to a tenant person record.
 */
export interface PersonLinkedEvent {
  /**
   * Event type.
   */
  event: 'person.linked';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  personId: number;
  personKey: string;
  displayName: string;
  email: string | null;
  roles: string[];
  linkedBy: string;
}
/**
 * An analyst confirmed no prior match; a new person record was created and linked.
 */
export interface PersonMarkedNewEvent {
  /**
   * Event type.
   */
  event: 'person.marked_new';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * The new id.
   */
  personId: number;
  personKey: string;
  displayName: string;
  email: string | null;
  resolvedBy: string;
}
/**
 * An analyst removed an active case-to-person link (soft delete).
 */
export interface PersonUnlinkedEvent {
  /**
   * Event type.
   */
  event: 'person.unlinked';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  personId: number;
  personKey: string;
  unlinkedBy: string;
  reason: string | null;
}
/**
 * Sent only by the endpoint tests (the pre-save ping and the Test button of a saved endpoint).
 */
export interface PingEvent {
  /**
   * Event type.
   */
  event: 'ping';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  message: string;
}
/**
 * The risk engine produced or refreshed a composite score.
 */
export interface RiskAssessedEvent {
  /**
   * Event type.
   */
  event: 'risk.assessed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  assessmentId: number;
  configId: number;
  compositeScore: number;
  bandId: 'low' | 'medium' | 'high' | 'prohibited';
  bandLabel: string;
  /**
   * `system`, or the analyst email for a manual recompute.
   */
  assessedBy: string;
  assessedAt: string;
}
/**
 * A decision-policy run completed, every time the rule engine evaluates the active policy.
 */
export interface RoutingEvaluatedEvent {
  /**
   * Event type.
   */
  event: 'routing.evaluated';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  policyId: number;
  policyName: string;
  /**
   * Zero-indexed; null when the default branch fired.
   */
  matchedRuleIndex: number | null;
  /**
   * e.g. AUTO_APPROVE, REVIEW_LEVEL_1, DECLINE.
   */
  outcome: string;
  evaluatedAt: string;
}
/**
 * A sanctions, PEP and adverse-media screening run finished.
 */
export interface ScreeningCompletedEvent {
  /**
   * Event type.
   */
  event: 'screening.completed';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  screened: number;
  summary: {
    name: string;
    role: string | null;
    status: 'clear' | 'match' | 'pep' | 'sanctioned';
  }[];
  /**
   * The watchlist version screened against (additive): the OpenSanctions dataset version `<dataset>@<version>` when known, else `sha256:<digest of the list file>`, or the yente index's version; null when the provider could not say.
   */
  watchlistVersion?: string | null;
}
/**
 * A new hit was persisted (onboarding screening) or surfaced by a vendor's native ongoing monitoring. Once per genuinely new hit.
 */
export interface ScreeningHitDetectedEvent {
  /**
   * Event type.
   */
  event: 'screening.hit.detected';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  /**
   * Raw vendor id, or `vn:<slug>` for a native-monitoring hit.
   */
  hitId: string;
  /**
   * Null for monitoring-sourced hits.
   */
  subjectId: string | null;
  /**
   * The screened party.
   */
  subjectName: string | null;
  /**
   * e.g. director, ubo, company.
   */
  subjectRole: string | null;
  /**
   * Matched watchlist entity.
   */
  caption: string | null;
  schema: 'Person' | 'Company' | null;
  score: number | null;
  topics: string[];
  position: string[];
  nationality: string[];
  isPep: boolean;
  isSanctioned: boolean;
  source: 'screening' | 'vendor_native_monitoring';
  /**
   * Present only when a hit the tenant had cleared as a false positive is raised again because the watchlist entity or the subject's screened data changed: what changed (new alias, new topic or sanction programme, changed date of birth ...). Additive.
   */
  changes?: string[];
}
/**
 * AI per-hit triage completed for a sanctions hit or an adverse-media article.
 */
export interface ScreeningHitTriagedEvent {
  /**
   * Event type.
   */
  event: 'screening.hit.triaged';
  /**
   * UUID v4, unique per event, stable across retries and redelivery. Use it as the idempotency key (same as X-SVC-Event-Id).
   */
  eventId: string;
  /**
   * Webhook contract version (same as X-SVC-Event-Version). Currently 1.
   */
  eventVersion: 1;
  /**
   * Emission time, ISO 8601 UTC. Covered by the signature; mirrored in X-SVC-Timestamp.
   */
  timestamp: string;
  /**
   * Tenant (organisation) identifier.
   */
  orgId: string;
  /**
   * The case the event is about: a UUID for cases created through POST /v1/cases, otherwise CS-<year>-<sequence>.
   */
  caseId: string;
  /**
   * Present whenever caseId is present. Null until stored through the crm-record-id call.
   */
  crmRecordId: string | null;
  /**
   * Additive (beyond the contract tables): 1, 2, 3 … per case, without gaps, in commit order, on every event that carries caseId. A receiver that sees a gap has missed an event (fetch it from /v1/events); a lower value than one already seen arrived out of order.
   */
  caseSequence: number;
  /**
   * Name of the CRM the case came from.
   */
  crmSource: string | null;
  /**
   * Raw id, or `am:<id>` for adverse media. Pair with screening.hit.detected on (caseId, hitId).
   */
  hitId: string;
  subjectName: string;
  status: 'complete' | 'failed';
  confidence: number;
  disposition: 'false_positive' | 'true_match' | 'escalate';
  shortReason: string;
  /**
   * Triage-engine identifier.
   */
  provider: string;
  /**
   * Model identifier.
   */
  model: string;
  /**
   * Currently `1`.
   */
  promptVersion: string;
}

/** Every event type of the catalogue. */
export type WebhookEventType = keyof WebhookPayloads;
/** Any webhook payload, discriminated by `event`. */
export type WebhookEvent = WebhookPayloads[WebhookEventType];
