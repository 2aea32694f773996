import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, boolColumn, jsonColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

export const DISPOSITIONS = ['true_match', 'false_positive', 'escalate'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

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
  @Column({ type: 'varchar', nullable: true }) caption!: string | null;
  /** `Person` or `Company`. */
  @Column({ type: 'varchar', nullable: true }) entitySchema!: string | null;
  @Column({ type: 'double', nullable: true }) score!: number | null;
  @Column(jsonColumn) topics!: string[];
  @Column(jsonColumn) positions!: string[];
  @Column(jsonColumn) nationality!: string[];
  @Column(boolColumn) isPep!: boolean;
  @Column(boolColumn) isSanctioned!: boolean;
  /** `screening` or `vendor_native_monitoring`. */
  @Column() source!: string;
  @Column(timestampColumn) detectedAt!: Date;
  @Column({ type: 'varchar', nullable: true }) triageStatus!: string | null;
  @Column({ type: 'int', nullable: true }) triageConfidence!: number | null;
  @Column({ type: 'varchar', nullable: true }) triageDisposition!: Disposition | null;
  @Column({ type: 'text', nullable: true }) triageReason!: string | null;
  @Column({ type: 'varchar', nullable: true }) disposition!: Disposition | null;
  @Column({ type: 'text', nullable: true }) dispositionNote!: string | null;
  @Column({ type: 'varchar', nullable: true }) dispositionBy!: string | null;
  @Column(nullableTimestampColumn) dispositionedAt!: Date | null;
}
