import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, jsonColumn, timestampColumn, uuidColumn } from '../db/columns';

/** One line of a tenant's configuration audit log (who changed what, and dedup overrides). */
@Entity('tenant_config_audit_log')
export class AuditEntry {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column() actor!: string;
  @Column() action!: string;
  @Column(jsonColumn) details!: Record<string, unknown>;
  @Column(timestampColumn) createdAt!: Date;
}
