import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, boolColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';

export const DECISION_OUTCOMES = ['approved', 'declined'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
/** Why a decision was automatic: the decision policy, or the age gate declining an underage customer. */
export const DECISION_REASONS = ['policy_engine', 'age_gate'] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];

/** One decision on a case; the latest is the case's current decision. */
@Entity('decisions')
export class Decision {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  @Column({ type: 'varchar' }) outcome!: DecisionOutcome;
  @Column({ type: 'text' }) notes!: string;
  /** Analyst email, or `policy_engine` on an automatic decision. */
  @Column() analystEmail!: string;
  @Column(boolColumn) auto!: boolean;
  /** Only on automatic decisions. */
  @Column({ type: 'varchar', nullable: true }) reason!: DecisionReason | null;
  @Column(timestampColumn) decidedAt!: Date;
  /** On an approval over open decision blockers: the decider's reason, the blockers as they stood, and the second member (four-eyes) who approved it. */
  @Column({ type: 'text', nullable: true }) overrideReason!: string | null;
  @Column({ ...jsonColumn, nullable: true }) overrideBlockers!: unknown[] | null;
  @Column({ type: 'varchar', nullable: true }) overrideApprovedBy!: string | null;
  /** What the decision rested on, written with it (DecisionProvenanceSchema); null on decisions recorded before it existed. */
  @Column({ ...jsonColumn, nullable: true }) provenance!: Record<string, unknown> | null;
}
