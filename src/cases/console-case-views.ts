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

/**
 * A case as the console shows it, built by a constructor and not as an object literal, like the record it comes
 * from (ConsoleCaseRow in case-work.repository.ts says why: V8 pretenures a literal's objects under load).
 */
class ConsoleCaseViewObject implements ConsoleCaseView {
  // Declared only: the constructor gives every field its value (a class field would first be defined as undefined).
  declare caseId: string; declare reference: string; declare tags: string[]; declare companyName: string | null;
  declare status: CaseStatus; declare source: CaseSource; declare onboardingStage: OnboardingStage; declare customerEmail: string | null;
  declare customerName: string | null; declare country: string | null; declare companyNumber: string | null;
  declare crmRecordId: string | null; declare crmSource: string | null; declare createdAt: string; declare updatedAt: string;
  declare createdBy: string | null; declare owner: CaseOwnerView | null; declare riskBand: RiskBand | null; declare riskScore: number | null;
  declare analystUrl: string; declare purgedAt: string | null;

  constructor(r: ConsoleCaseRecord, appUrl: string) {
    this.caseId = r.caseId;
    this.reference = r.reference ?? r.caseId;
    this.tags = r.tags;
    this.companyName = r.companyName;
    this.status = r.status;
    this.source = r.source;
    this.onboardingStage = r.onboardingStage;
    this.customerEmail = r.customerEmail;
    this.customerName = r.customerName;
    this.country = r.country;
    this.companyNumber = r.companyNumber;
    this.crmRecordId = r.crmRecordId;
    this.crmSource = r.crmSource;
    this.createdAt = isoFromDatetimeText(r.createdAt);
    this.updatedAt = isoFromDatetimeText(r.updatedAt);
    this.createdBy = r.createdBy;
    this.owner = r.ownerEmail !== null ? new CaseOwner(r.ownerMemberId, r.ownerName ?? r.ownerEmail, r.ownerEmail) : null;
    this.riskBand = r.riskBand;
    this.riskScore = r.riskScore === null ? null : Number(r.riskScore);
    this.analystUrl = analystUrl(appUrl, r.caseId);
    this.purgedAt = isoFromDatetimeText(r.purgedAt);
  }
}

class CaseOwner implements CaseOwnerView {
  declare id: string | null; declare name: string; declare email: string;

  constructor(id: string | null, name: string, email: string) {
    this.id = id; this.name = name; this.email = email;
  }
}

export function consoleCaseView(r: ConsoleCaseRecord, appUrl: string): ConsoleCaseView {
  return new ConsoleCaseViewObject(r, appUrl);
}

export function casePartyView(o: PartyRecord): CasePartyView {
  return {
    kind: o.kind, position: o.position, verificationStatus: o.verificationStatus,
    name: o.name, email: o.email, roles: o.roles, ownershipPercent: o.ownershipPercent,
    nationality: o.nationality, dateOfBirth: o.dateOfBirth, idNumber: o.idNumber, idCountry: o.idCountry,
    countryOfResidence: o.countryOfResidence, source: o.source as CasePartyView['source'],
  };
}
