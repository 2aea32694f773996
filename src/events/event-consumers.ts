import type { FeatureModule } from '../modules';
import type { Services, Tx } from '../services';
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


// The kernel's Services and FeatureModule (src/services.ts, src/modules.ts) know nothing of events: this
// feature adds the fields that carry its consumers (declaration merging).
declare module '../services' {
  interface Services {
    /** Who receives committed events from the outbox relay (webhook fan-out, and test recorders). */
    subscribers: EventSubscriber[];
  }
}

declare module '../modules' {
  interface FeatureModule {
    /** Outbox subscribers, created once per composed service. */
    subscribers?: () => EventSubscriber[];
  }
}

/** Every module's outbox subscribers, new instances, in module order. */
export function moduleSubscribers(modules: readonly FeatureModule[]): EventSubscriber[] {
  return modules.flatMap((m) => m.subscribers?.() ?? []);
}
