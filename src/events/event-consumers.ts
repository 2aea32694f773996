import type { FeatureModule } from '../modules';
import type { Services, Tx } from '../services';
import type { EventPayload, EventType } from './catalogue';
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

/**
 * A feature's reaction to an event of another feature inside the transaction that records it: the
 * reaction's writes commit or roll back with the event (where an outbox subscriber, which runs after
 * commit, would leave a window). The recorder runs every reaction whose `types` name the event, in module
 * order, right after inserting it. Keep reactions few and quick: they lengthen the recording transaction.
 * Composed from the feature modules (FeatureModule.reactions) into svc.reactions.
 */
export interface EventReaction {
  /** Names the reaction in errors. */
  name: string;
  types: readonly EventType[];
  react(tx: Tx, event: ReactedEvent): Promise<void>;
}

/** The event a reaction is given: its type, tenant, the case's primary key (case events) and its payload. */
export interface ReactedEvent<T extends EventType = EventType> {
  type: T;
  orgId: string;
  casePk: number | null;
  payload: EventPayload<T>;
}

// The kernel's Services and FeatureModule (src/services.ts, src/modules.ts) know nothing of events: this
// feature adds the fields that carry its consumers (declaration merging).
declare module '../services' {
  interface Services {
    /** Who receives committed events from the outbox relay (webhook fan-out, and test recorders). */
    subscribers: EventSubscriber[];
    /** Features' reactions to events inside the recording transaction (FeatureModule.reactions, EventReaction above). */
    reactions: readonly EventReaction[];
  }
}

declare module '../modules' {
  interface FeatureModule {
    /** Outbox subscribers, created once per composed service. */
    subscribers?: () => EventSubscriber[];
    /** Reactions to other features' events inside the recording transaction. */
    reactions?: readonly EventReaction[];
  }
}

/** Every module's outbox subscribers, new instances, in module order. */
export function moduleSubscribers(modules: readonly FeatureModule[]): EventSubscriber[] {
  return modules.flatMap((m) => m.subscribers?.() ?? []);
}

/** Every module's in-transaction event reactions, in module order. */
export function moduleReactions(modules: readonly FeatureModule[]): EventReaction[] {
  return modules.flatMap((m) => m.reactions ?? []);
}
