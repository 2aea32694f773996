// Words for the case enums and small formatting helpers of the case pages.
import type { CaseSource, CaseStatus, OnboardingStage, RiskBand } from '../../gql/graphql';

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
