import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, boolColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';
import type { EddItemsByBand, PolicyRule, RoutingOutcome } from './decision-policy';
import type { PolicyFacts } from './policy-facts';

/** One version of a tenant's decision policy; the newest is active. `id` is routing.evaluated's policyId. */
@Entity('decision_policies')
export class DecisionPolicy {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true }) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column() name!: string;
  @Column({ type: 'int', unsigned: true }) version!: number;
  @Column(jsonColumn) rules!: PolicyRule[];
  @Column({ type: 'varchar' }) defaultOutcome!: RoutingOutcome;
  @Column({ type: 'int', unsigned: true }) minimumAge!: number;
  @Column(jsonColumn) individualEntityTypes!: string[];
  /** Null on versions stored before EDD: the defaults apply. */
  @Column({ ...jsonColumn, nullable: true }) eddItems!: EddItemsByBand | null;
  @Column() createdBy!: string;
  @Column(timestampColumn) createdAt!: Date;
}

/** One evaluation of a policy against a case (each routing.evaluated). */
@Entity('routing_evaluations')
export class RoutingEvaluation {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) casePk!: number;
  @Column({ type: 'int', unsigned: true }) policyId!: number;
  @Column() policyName!: string;
  @Column({ type: 'int', unsigned: true }) policyVersion!: number;
  /** Null: the default branch, or the age gate (gate set). */
  @Column({ type: 'int', nullable: true }) matchedRuleIndex!: number | null;
  @Column({ type: 'varchar', nullable: true }) gate!: 'age_gate' | null;
  @Column({ type: 'varchar' }) outcome!: RoutingOutcome;
  @Column(boolColumn) decided!: boolean;
  @Column(jsonColumn) facts!: PolicyFacts;
  @Column(timestampColumn) evaluatedAt!: Date;
}
