import type { Tx } from '../db/transaction';
import type { Services } from '../services';
import type { EventRecord } from './event.entity';

/**
 * A consumer of committed events. The relay calls onEvents inside its own transaction with a batch of
 * events not yet relayed; the subscriber writes its own rows there (for example one delivery per
 * endpoint) and enqueues its jobs with tx.afterCommit. If it throws, the batch stays unrelayed and
 * is offered again: onEvents must be idempotent (unique keys, INSERT IGNORE).
 */
export interface EventSubscriber {
  readonly name: string;
  onEvents(tx: Tx, events: EventRecord[]): Promise<void>;
  /**
   * Optional: run by the periodic outbox sweep to re-hand-off the subscriber's own work that a crash
   * left behind (for example deliveries whose job was lost). Returns how many items it re-handed off.
   */
  sweep?(svc: Services): Promise<number>;
}
