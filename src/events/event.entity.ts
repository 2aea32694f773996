import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintColumn, nullableTimestampColumn, timestampColumn, uuidColumn } from '../db/columns';

/**
 * One event: the outbox row and the /v1/events feed row at once. `data` holds the exact bytes of the
 * webhook payload. `seq` is taken at insert (the outbox's claim order); `feedPosition` is the feed's
 * keyset, assigned by the relay in commit order (see relay.ts), so it stays null until the event has
 * been relayed; `relayedAt` is null until the relay has handed the event to its subscribers.
 */
@Entity('events')
export class EventRecord {
  @PrimaryGeneratedColumn(bigintColumn as object) seq!: number;
  @Column(uuidColumn) eventId!: string;
  @Column(uuidColumn) orgId!: string;
  @Column() type!: string;
  @Column({ type: 'smallint' }) version!: number;
  @Column(timestampColumn) occurredAt!: Date;
  @Column({ ...bigintColumn, nullable: true }) casePk!: number | null;
  /**
   * The mode of the event's case (live for an event of no case): test events are listed to test credentials only
   * and fanned out to test webhook endpoints only; live ones never reach either. Not in the payload.
   */
  @Column({ type: 'varchar', length: 4, default: 'live' }) mode!: 'live' | 'test';
  @Column({ type: 'varchar', nullable: true }) caseId!: string | null;
  @Column({ type: 'int', unsigned: true, nullable: true }) caseSequence!: number | null;
  /**
   * recordEvent's orderedAfter: the eventId of an earlier event of the tenant. For every endpoint, this
   * event's delivery makes no attempt before that event's delivery has had its first one.
   */
  @Column({ ...uuidColumn, nullable: true }) orderedAfter!: string | null;
  @Column({ type: 'longtext' }) data!: string;
  @Column(nullableTimestampColumn) relayedAt!: Date | null;
  @Column({ ...bigintColumn, nullable: true }) feedPosition!: number | null;
  /**
   * The trace context of the work that recorded the event (JSON of W3C traceparent/tracestate, see
   * src/tracing.ts), continued by its relay, deliveries and pipeline steps; null when nothing was traced.
   */
  @Column({ type: 'varchar', length: 1024, nullable: true }) traceContext!: string | null;
}
