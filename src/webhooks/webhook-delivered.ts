import { defineHook } from '../platform/index';

/** A delivery that has just been recorded `delivered` (its receiver answered 2xx). */
export interface DeliveredWebhook {
  orgId: string;
  deliveryId: number;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The event's case (internal pk), or null for events without one. */
  casePk: number | null;
}

/**
 * Run once a delivery's 2xx is committed, for the features that react to what a receiver has got (zero
 * retention releases a case's purge once its data package has reached every endpoint). A delivery's
 * outcome is not a recorded event, so this is a hook rather than an outbox subscription; a handler that
 * fails is logged, and the reacting feature's sweep recovers what it missed.
 */
export const WEBHOOK_DELIVERED = defineHook<DeliveredWebhook>('webhooks.delivered');
