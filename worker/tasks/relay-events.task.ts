import type { Task } from 'graphile-worker';
import { relayEvents } from '../../src/events/index';
import { type Services } from '../../src/platform/index';

/** Hands committed events to their subscribers. Throwing lets graphile retry an infrastructure fault. */
export const relayEventsTask = (svc: Services): Task => async () => {
  await relayEvents(svc);
};
