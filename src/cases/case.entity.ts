import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, decimalColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

/** decisions.md: the stored values (the create response's `in-progress` is a wire quirk of one mapper). */
export const CASE_STATUSES = ['in_progress', 'in_review', 'pending_senior', 'returned', 'approved', 'declined'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CLOSED_STATUSES: readonly CaseStatus[] = ['approved', 'declined'];

/** Journey stages in order of progress (contract, "Onboarding stage"). */
export const ONBOARDING_STAGES = [
  'created', 'invite_sent', 'collecting_documents', 'application_submitted', 'in_screening', 'awaiting_id_verification', 'decision_made',
] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];

export const CASE_SOURCES = ['api', 'manual', 'doc_upload', 'application_form'] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];

/**
 * A case: one customer's onboarding and monitoring file. `pk` is internal (keyset order, foreign keys);
 * `caseId` is the one public id: a UUID v4 for POST /v1/cases, `CS-<year>-<00000>` otherwise.
 */
@Entity('cases')
export class Case {
  // The table's primary key is (org_id, pk), clustering a tenant's cases; pk alone is unique (uq_cases_pk).
  @PrimaryGeneratedColumn(bigintColumn as object) pk!: number;
  @Column({ type: 'varchar', length: 40 }) caseId!: string;
  /** The short display reference `C-<n>`, per tenant (additive: caseId stays the id on every wire). */
  @Column({ type: 'varchar', nullable: true }) reference!: string | null;
  @Column(uuidColumn) orgId!: string;
  /** A test case (made with test credentials or in the console's test view) is seen only in test mode; live ones never there. */
  @Column({ type: 'varchar', length: 4, default: 'live' }) mode!: 'live' | 'test';
  @Column({ type: 'varchar' }) status!: CaseStatus;
  @Column({ type: 'varchar' }) onboardingStage!: OnboardingStage;
  @Column({ type: 'varchar' }) source!: CaseSource;
  @Column({ ...uuidColumn, nullable: true }) ownerMemberId!: string | null;
  @Column({ type: 'varchar', nullable: true }) ownerName!: string | null;
  @Column({ type: 'varchar', nullable: true }) ownerEmail!: string | null;
  @Column({ type: 'varchar', nullable: true }) crmRecordId!: string | null;
  @Column({ type: 'varchar', nullable: true }) crmSource!: string | null;
  @Column({ type: 'varchar', nullable: true }) customerEmail!: string | null;
  /** emailKey(customerEmail): what the open-case guard compares (utf8mb4_bin). Written with customerEmail. */
  @Column({ type: 'varchar', nullable: true }) customerEmailKey!: string | null;
  @Column({ type: 'varchar', nullable: true }) customerName!: string | null;
  @Column({ type: 'varchar', nullable: true }) companyName!: string | null;
  @Column({ type: 'varchar', nullable: true }) companyNumber!: string | null;
  @Column({ type: 'varchar', nullable: true }) country!: string | null;
  @Column({ type: 'varchar', nullable: true }) riskBand!: string | null;
  @Column({ ...decimalColumn(5, 2), nullable: true }) riskScore!: number | null;
  /** Where the latest decision-policy routing sent the case for an analyst (REVIEW_LEVEL_1 or 2); null otherwise. */
  @Column({ type: 'varchar', nullable: true }) reviewLevel!: string | null;
  /** When the decision policy last routed the case (any outcome); null while it never has (a decision blocker). */
  @Column(nullableTimestampColumn) routedAt!: Date | null;
  @Column({ type: 'int' }) totalHits!: number;
  @Column({ type: 'int' }) sanctionedHits!: number;
  @Column({ type: 'int' }) pepHits!: number;
  @Column(nullableTimestampColumn) inviteSentAt!: Date | null;
  @Column({ type: 'varchar', nullable: true }) createdBy!: string | null;
  /** Last caseSequence handed to an event of this case (see recordEvent). */
  @Column({ type: 'int', unsigned: true }) eventSequence!: number;
  @Column(timestampColumn) createdAt!: Date;
  @Column(timestampColumn) updatedAt!: Date;
  @Column(nullableTimestampColumn) closedAt!: Date | null;
  /** When zero retention purged the case's personal data (src/retention); null while it holds it. */
  @Column(nullableTimestampColumn) purgedAt!: Date | null;
}
