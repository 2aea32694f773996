import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, boolColumn, jsonColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

export const DISPOSITIONS = ['true_match', 'false_positive', 'escalate'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];
/** Where a hit came from: an onboarding screening run, or a vendor's native ongoing monitoring. */
export const HIT_SOURCES = ['screening', 'vendor_native_monitoring'] as const;
export type HitSource = (typeof HIT_SOURCES)[number];
/** The kind of watchlist entity a hit matched. */
export const HIT_ENTITY_SCHEMAS = ['Person', 'Company'] as const;
export type HitEntitySchema = (typeof HIT_ENTITY_SCHEMAS)[number];
/** Outcome of the AI triage of a hit. */
export const TRIAGE_STATUSES = ['complete', 'failed'] as const;
export type TriageStatus = (typeof TRIAGE_STATUSES)[number];

/** A sanctions/PEP/adverse-media hit on a case, with its AI triage and its human disposition. */
@Entity('screening_hits')
export class ScreeningHit {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  /** Raw vendor id, `vn:<slug>` (native monitoring) or `am:<id>` (adverse media). */
  @Column() hitId!: string;
  @Column({ type: 'varchar', nullable: true }) subjectId!: string | null;
  @Column({ type: 'varchar', nullable: true }) subjectName!: string | null;
  @Column({ type: 'varchar', nullable: true }) subjectRole!: string | null;
  /** The screened subject's date of birth (YYYY-MM-DD), nationality and country (ISO alpha-2), for triage. */
  @Column({ type: 'varchar', nullable: true }) subjectBirthDate!: string | null;
  @Column({ type: 'varchar', nullable: true }) subjectNationality!: string | null;
  @Column({ type: 'varchar', nullable: true }) subjectCountry!: string | null;
  @Column({ type: 'varchar', nullable: true }) caption!: string | null;
  @Column({ type: 'varchar', nullable: true }) entitySchema!: HitEntitySchema | null;
  @Column({ type: 'double', nullable: true }) score!: number | null;
  @Column(jsonColumn) topics!: string[];
  @Column(jsonColumn) positions!: string[];
  @Column(jsonColumn) nationality!: string[];
  /** The watchlist entity's dates of birth, countries and datasets (null on hits recorded before they were kept). */
  @Column({ ...jsonColumn, nullable: true }) birthDates!: string[] | null;
  @Column({ ...jsonColumn, nullable: true }) countries!: string[] | null;
  @Column({ ...jsonColumn, nullable: true }) datasets!: string[] | null;
  /** The entity's names, aliases, dates, nationalities, topics, programmes and datasets when raised (what clearing fingerprints); null on older hits. */
  @Column({ ...jsonColumn, nullable: true }) entitySnapshot!: object | null;
  /** What changed since its subject and entity were cleared, when the hit was raised again because of it. */
  @Column({ ...jsonColumn, nullable: true }) changes!: string[] | null;
  @Column({ ...jsonColumn, nullable: true }) explanation!: object | null;
  @Column(boolColumn) isPep!: boolean;
  @Column(boolColumn) isSanctioned!: boolean;
  @Column() source!: HitSource;
  @Column(timestampColumn) detectedAt!: Date;
  @Column({ type: 'varchar', nullable: true }) triageStatus!: TriageStatus | null;
  @Column({ type: 'int', nullable: true }) triageConfidence!: number | null;
  @Column({ type: 'varchar', nullable: true }) triageDisposition!: Disposition | null;
  @Column({ type: 'text', nullable: true }) triageReason!: string | null;
  /** Who triaged (screening.hit.triaged's provider, model, promptVersion) and when. */
  @Column({ type: 'varchar', nullable: true }) triageProvider!: string | null;
  @Column({ type: 'varchar', nullable: true }) triageModel!: string | null;
  @Column({ type: 'varchar', nullable: true }) triagePromptVersion!: string | null;
  @Column(nullableTimestampColumn) triagedAt!: Date | null;
  @Column({ type: 'varchar', nullable: true }) disposition!: Disposition | null;
  @Column({ type: 'text', nullable: true }) dispositionNote!: string | null;
  @Column({ type: 'varchar', nullable: true }) dispositionBy!: string | null;
  @Column(nullableTimestampColumn) dispositionedAt!: Date | null;
}
