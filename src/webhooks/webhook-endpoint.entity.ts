import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

export const ENDPOINT_STATUSES = ['active', 'paused'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** A tenant's webhook receiver. The secret is AES-256-GCM ciphertext under the master key `secretKeyId`. */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryColumn(uuidColumn) id!: string;
  @Column(uuidColumn) orgId!: string;
  /** A test endpoint (made with test credentials or in the console's test view) receives test events only; a live one live events only. */
  @Column({ type: 'varchar', length: 4, default: 'live' }) mode!: 'live' | 'test';
  @Column() url!: string;
  @Column() label!: string;
  @Column() secretCiphertext!: string;
  @Column() secretKeyId!: string;
  /** Subscribed event types; null means every type, including ones added later. */
  @Column({ ...jsonColumn, nullable: true }) eventTypes!: string[] | null;
  @Column({ type: 'varchar' }) status!: EndpointStatus;
  @Column(timestampColumn) createdAt!: Date;
  @Column(timestampColumn) updatedAt!: Date;
  @Column(nullableTimestampColumn) deletedAt!: Date | null;
}
