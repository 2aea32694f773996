import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, decimalColumn, timestampColumn, uuidColumn } from '../db/columns';

export const RISK_BANDS = ['low', 'medium', 'high', 'prohibited'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

/** One run of the risk engine on a case; the latest sets the case's band. */
@Entity('risk_assessments')
export class RiskAssessment {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  @Column({ type: 'int' }) configId!: number;
  /** 0 to 100. */
  @Column(decimalColumn(5, 2)) compositeScore!: number;
  @Column({ type: 'varchar' }) bandId!: RiskBand;
  @Column() bandLabel!: string;
  /** `system`, or the analyst email for a manual recompute. */
  @Column() assessedBy!: string;
  @Column(timestampColumn) assessedAt!: Date;
}
