import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, boolColumn, timestampColumn, uuidColumn } from '../db/columns';

export const DECISION_OUTCOMES = ['approved', 'declined'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

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
  /** Only on automatic decisions: `policy_engine` or `age_gate`. */
  @Column({ type: 'varchar', nullable: true }) reason!: string | null;
  @Column(timestampColumn) decidedAt!: Date;
}
