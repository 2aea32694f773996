import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, boolColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'skipped_paused'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One event for one endpoint. `id` is X-SVC-Delivery-Id, stable across retries and redelivery. */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryGeneratedColumn(bigintColumn as object) id!: number;
  @Column(uuidColumn) orgId!: string;
  @Column(uuidColumn) endpointId!: string;
  @Column(bigintColumn) eventSeq!: number;
  @Column(uuidColumn) eventId!: string;
  @Column() eventType!: string;
  /** The event's orderedAfter (copied): this delivery's first attempt waits for that event's delivery to this endpoint. */
  @Column({ ...uuidColumn, nullable: true }) afterEventId!: string | null;
  @Column({ type: 'varchar' }) state!: DeliveryState;
  /**
   * Attempts started so far; the next is attempts + 1. A worker takes the number when it claims the
   * row, so an attempt whose result was lost (its worker died or its lease ran out) still counts.
   */
  @Column({ type: 'int' }) attempts!: number;
  /** The pending attempt was asked for by an operator (Redeliver): one attempt, no automatic retries. */
  @Column(boolColumn) manual!: boolean;
  @Column(nullableTimestampColumn) nextAttemptAt!: Date | null;
  /** A worker holds the row until then; after it, another may take over (crash recovery). */
  @Column(nullableTimestampColumn) leaseUntil!: Date | null;
  /** Random per claim: only the lease holder records the attempt's result. */
  @Column({ type: 'char', length: 22, nullable: true }) leaseToken!: string | null;
  @Column({ type: 'int', nullable: true }) lastHttpStatus!: number | null;
  @Column({ type: 'text', nullable: true }) lastError!: string | null;
  @Column(timestampColumn) createdAt!: Date;
  @Column(timestampColumn) updatedAt!: Date;
  @Column(nullableTimestampColumn) completedAt!: Date | null;
  /** When the first attempt was completed (whatever its outcome) or skipped; set once, never cleared. */
  @Column(nullableTimestampColumn) firstDoneAt!: Date | null;
}
