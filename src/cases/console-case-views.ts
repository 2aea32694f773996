import { isoFromDatetimeText } from '../db/datetime-text';
import type { CaseSource, CaseStatus, OnboardingStage } from './case.entity';
import { analystUrl } from './case-views';
import type { PullFullParityOwnerView, RiskBand } from './case.wire';
import type { PartyKind, RosterStatus } from './case-party.entity';
import type { PartyRecord } from './application.repository';
import type { ConsoleCaseRecord } from './case-work.repository';

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

export function consoleCaseView(r: ConsoleCaseRecord, appUrl: string): ConsoleCaseView {
  return {
    caseId: r.caseId,
    reference: r.reference ?? r.caseId,
    tags: r.tags,
    companyName: r.companyName,
    status: r.status,
    source: r.source,
    onboardingStage: r.onboardingStage,
    customerEmail: r.customerEmail,
    customerName: r.customerName,
    country: r.country,
    companyNumber: r.companyNumber,
    crmRecordId: r.crmRecordId,
    crmSource: r.crmSource,
    createdAt: isoFromDatetimeText(r.createdAt),
    updatedAt: isoFromDatetimeText(r.updatedAt),
    createdBy: r.createdBy,
    owner: r.ownerEmail !== null ? { id: r.ownerMemberId, name: r.ownerName ?? r.ownerEmail, email: r.ownerEmail } : null,
    riskBand: r.riskBand,
    riskScore: r.riskScore === null ? null : Number(r.riskScore),
    analystUrl: analystUrl(appUrl, r.caseId),
    purgedAt: isoFromDatetimeText(r.purgedAt),
  };
}

export function casePartyView(o: PartyRecord): CasePartyView {
  return {
    kind: o.kind, position: o.position, verificationStatus: o.verificationStatus,
    name: o.name, email: o.email, roles: o.roles, ownershipPercent: o.ownershipPercent,
    nationality: o.nationality, dateOfBirth: o.dateOfBirth, idNumber: o.idNumber, idCountry: o.idCountry,
    countryOfResidence: o.countryOfResidence, source: o.source as CasePartyView['source'],
  };
}
