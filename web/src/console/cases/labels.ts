// Words for the case enums and small formatting helpers of the case pages.
import type { AiRecommendation, AiRiskFactorSeverity, CaseSource, CaseStatus, Disposition, OnboardingStage, RiskBand, RoutingOutcome } from '../../gql/graphql';

export const STATUS_LABELS: Record<CaseStatus, string> = {
  in_progress: 'In progress',
  in_review: 'In review',
  pending_senior: 'Pending senior review',
  returned: 'Returned',
  approved: 'Approved',
  declined: 'Declined',
};

export const SOURCE_LABELS: Record<CaseSource, string> = {
  api: 'API',
  manual: 'Manual',
  doc_upload: 'Document upload',
  application_form: 'Application form',
};

export const STAGE_LABELS: Record<OnboardingStage, string> = {
  created: 'Created',
  invite_sent: 'Invite sent',
  application_submitted: 'Application submitted',
  collecting_documents: 'Collecting documents',
  awaiting_id_verification: 'Awaiting ID verification',
  in_screening: 'In screening',
  decision_made: 'Decision made',
};

export const RISK_LABELS: Record<RiskBand, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  prohibited: 'Prohibited',
};

/** What the decision policy said, in words (routing.evaluated's outcome). */
export const ROUTING_LABELS: Record<RoutingOutcome, string> = {
  AUTO_APPROVE: 'Approve automatically',
  REVIEW_LEVEL_1: 'Analyst review (level 1)',
  REVIEW_LEVEL_2: 'Senior review (level 2)',
  DECLINE: 'Decline automatically',
};

export const DISPOSITION_LABELS: Record<Disposition, string> = {
  true_match: 'True match',
  false_positive: 'False positive',
  escalate: 'Escalate',
};

export const RECOMMENDATION_LABELS: Record<AiRecommendation, string> = {
  Approve: 'Approve',
  Refer: 'Refer to an analyst',
  Decline: 'Decline',
};

export const SEVERITY_LABELS: Record<AiRiskFactorSeverity, string> = {
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

/** Badge colour class of a severity, a recommendation or a routing outcome (green good, amber look, red stop). */
export function severityClass(severity: AiRiskFactorSeverity): string {
  return severity === 'HIGH' ? 'badge badge-bad' : severity === 'MEDIUM' ? 'badge badge-warn' : 'badge badge-neutral';
}

export function recommendationClass(r: AiRecommendation): string {
  return r === 'Approve' ? 'badge badge-ok' : r === 'Decline' ? 'badge badge-bad' : 'badge badge-warn';
}

export function routingClass(o: RoutingOutcome): string {
  return o === 'AUTO_APPROVE' ? 'badge badge-ok' : o === 'DECLINE' ? 'badge badge-bad' : 'badge badge-warn';
}

/** How CRMs spell themselves; any other crmSource is shown as the integrator sent it. */
const CRM_NAMES: Record<string, string> = {
  salesforce: 'Salesforce',
  hubspot: 'HubSpot',
  pipedrive: 'Pipedrive',
  dynamics: 'Microsoft Dynamics',
  zoho: 'Zoho',
  attio: 'Attio',
  close: 'Close',
};

export function crmLabel(crmSource: string): string {
  return CRM_NAMES[crmSource.trim().toLowerCase()] ?? crmSource;
}

/** The badge of where a case came from: `API · Salesforce` for an API case from a CRM, else the source. */
export function sourceBadge(source: CaseSource, crmSource: string | null | undefined): string {
  if (source === 'api') return crmSource ? `API · ${crmLabel(crmSource)}` : 'API';
  return SOURCE_LABELS[source];
}

/** Badge colour class of a status. */
export function statusClass(status: CaseStatus): string {
  if (status === 'approved') return 'badge badge-ok';
  if (status === 'declined') return 'badge badge-bad';
  if (status === 'pending_senior' || status === 'returned') return 'badge badge-warn';
  return 'badge badge-neutral';
}

export function riskClass(band: RiskBand): string {
  if (band === 'low') return 'badge badge-ok';
  if (band === 'medium') return 'badge badge-warn';
  return 'badge badge-bad';
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function when(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function day(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** A label for an event type or enum value: `case.decision.made` stays as is; `false_positive` -> `False positive`. */
export function words(value: string): string {
  const s = value.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
