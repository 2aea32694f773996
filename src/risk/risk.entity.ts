import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, decimalColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';
import type { Band, RiskModelDefinition } from './risk-model';
import type { RiskFactorResult } from './score-risk';

/** One version of a tenant's risk model; the newest is active. `id` is risk.assessed's configId. */
@Entity('risk_models')
export class RiskModel {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true }) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column({ type: 'int', unsigned: true }) version!: number;
  @Column(jsonColumn) definition!: RiskModelDefinition;
  @Column() createdBy!: string;
  @Column(timestampColumn) createdAt!: Date;
}

/** One assessment of a case (`id` is risk.assessed's assessmentId); the latest is the case's current risk. */
@Entity('risk_assessments')
export class RiskAssessment {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  @Column({ type: 'int' }) configId!: number;
  @Column(decimalColumn(5, 2)) compositeScore!: number;
  @Column({ type: 'varchar' }) bandId!: Band;
  @Column() bandLabel!: string;
  /** Null on rows written before the risk engine existed. */
  @Column({ ...jsonColumn, nullable: true }) factors!: RiskFactorResult[] | null;
  @Column() assessedBy!: string;
  @Column(timestampColumn) assessedAt!: Date;
}
