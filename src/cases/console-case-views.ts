import { isoFromDatetimeText } from '../db/datetime-text';
import type { CaseSource, CaseStatus, OnboardingStage } from './case.entity';
import { analystUrl } from './case-views';
import type { PullFullParityOwnerView, RiskBand } from './case.wire';
import type { PartyKind, RosterStatus } from './case-party.entity';
import type { ConsoleCaseRow } from './case-work.repository';

/** A case's owner: a member of the tenant. */
export interface CaseOwnerView {
  /** The member's id (null once the member no longer exists). */
  id: string | null;
  name: string;
  email: string;
}

/** A case as the analysts' console lists and shows it. */
export interface ConsoleCaseView {
  caseId: string;
  /** The short display reference `C-<n>` (the caseId for a case stored without one). */
  reference: string;
  /** The case's tags, in order (lower case). */
  tags: string[];
  companyName: string | null;
  status: CaseStatus;
  source: CaseSource;
  onboardingStage: OnboardingStage;
  customerEmail: string | null;
  customerName: string | null;
  country: string | null;
  companyNumber: string | null;
  crmRecordId: string | null;
  crmSource: string | null;
  createdAt: string;
  updatedAt: string;
  /** Who opened the case by hand (analyst email); null for other sources. */
  createdBy: string | null;
  owner: CaseOwnerView | null;
  /** The case's current risk band and score as stored on the case (kept with each assessment). */
  riskBand: RiskBand | null;
  riskScore: number | null;
  analystUrl: string;
  /** When zero retention purged the case's personal data, or null. */
  purgedAt: string | null;
}

/** A director or UBO of a case. */
export interface CasePartyView extends PullFullParityOwnerView {
  kind: PartyKind;
  /** Zero-based position within its kind. */
  position: number;
  verificationStatus: RosterStatus | null;
}

export function consoleCaseView(r: ConsoleCaseRow, appUrl: string): ConsoleCaseView {
  return {
    caseId: r.case_id,
    reference: r.reference ?? r.case_id,
    tags: r.tags ? r.tags.split('\n') : [],
    companyName: r.company_name,
    status: r.status,
    source: r.source,
    onboardingStage: r.onboarding_stage,
    customerEmail: r.customer_email,
    customerName: r.customer_name,
    country: r.country,
    companyNumber: r.company_number,
    crmRecordId: r.crm_record_id,
    crmSource: r.crm_source,
    createdAt: isoFromDatetimeText(r.created_at),
    updatedAt: isoFromDatetimeText(r.updated_at),
    createdBy: r.created_by,
    owner: r.owner_email !== null ? { id: r.owner_member_id, name: r.owner_name ?? r.owner_email, email: r.owner_email } : null,
    riskBand: r.risk_band,
    riskScore: r.risk_score === null ? null : Number(r.risk_score),
    analystUrl: analystUrl(appUrl, r.case_id),
    purgedAt: isoFromDatetimeText(r.purged_at),
  };
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const dateOnly = (v: Date | string | null): string | null => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export function casePartyView(o: Record<string, never>): CasePartyView {
  return {
    kind: o.kind, position: Number(o.position), verificationStatus: o.verification_status,
    name: o.name, email: o.email, roles: json<string[]>(o.roles), ownershipPercent: o.ownership_percent === null ? null : Number(o.ownership_percent),
    nationality: o.nationality, dateOfBirth: dateOnly(o.date_of_birth), idNumber: o.id_number, idCountry: o.id_country,
    countryOfResidence: o.country_of_residence, source: o.source,
  };
}
