import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';

/**
 * One line of a tenant's audit log (who changed what, dedup overrides, case decisions, purges), and one link
 * of the tenant's hash chain: seq 1, 2, 3 … per tenant, prevHash the previous link's hash, hash the SHA-256 of
 * the canonical serialisation (src/audit/audit-chain.ts).
 */
@Entity('tenant_config_audit_log')
export class AuditEntry {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column() actor!: string;
  @Column() action!: string;
  /** The case the entry is about (details.caseId, a string of at most 40 ASCII characters), indexed; not hashed by the chain. */
  @Column({ type: 'varchar', length: 40, nullable: true }) caseId!: string | null;
  @Column(jsonColumn) details!: Record<string, unknown>;
  @Column(timestampColumn) createdAt!: Date;
  @Column(bigintColumn) seq!: number;
  @Column({ type: 'char', length: 64 }) prevHash!: string;
  @Column({ type: 'char', length: 64 }) hash!: string;
}
