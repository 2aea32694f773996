import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, timestampColumn, uuidColumn } from '../db/columns';

/** One HTTP attempt of a delivery. httpStatus 0 means no response (timeout, network, TLS or DNS error). */
@Entity('webhook_attempts')
export class WebhookAttempt {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(bigintColumn) deliveryId!: number;
  /** 1-indexed; manual redeliveries continue the count. */
  @Column({ type: 'int' }) attemptNo!: number;
  @Column({ type: 'int' }) httpStatus!: number;
  @Column({ type: 'text', nullable: true }) errorMessage!: string | null;
  /** First 64 KiB of the response body. */
  @Column({ type: 'mediumtext', nullable: true }) responseBody!: string | null;
  @Column({ type: 'int' }) durationMs!: number;
  @Column(timestampColumn) startedAt!: Date;
  @Column(timestampColumn) finishedAt!: Date;
}
