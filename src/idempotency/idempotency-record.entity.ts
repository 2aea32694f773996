import { Column, Entity, PrimaryColumn } from 'typeorm';
import { timestampColumn, uuidColumn } from '../db/columns';

/** An Idempotency-Key of POST /v1/cases: the request's hash and, once done, the exact response. Kept 24 h. */
@Entity('idempotency_keys')
export class IdempotencyRecord {
  @PrimaryColumn(uuidColumn) orgId!: string;
  /** Case-sensitive (ascii_bin), as Stripe's keys are: `abcDEF` and `ABCdef` are two keys. */
  @PrimaryColumn({ type: 'varchar', length: 255, charset: 'ascii', collation: 'ascii_bin' }) idemKey!: string;
  @Column({ type: 'char', length: 64 }) requestHash!: string;
  @Column({ type: 'varchar' }) state!: 'running' | 'done';
  @Column({ type: 'int', nullable: true }) responseStatus!: number | null;
  @Column({ type: 'mediumtext', nullable: true }) responseBody!: string | null;
  @Column(timestampColumn) createdAt!: Date;
  @Column(timestampColumn) expiresAt!: Date;
}
