import type { Task } from 'graphile-worker';
import { relayEvents, type Services } from '../../src/index';

/** Hands committed events to their subscribers. Throwing lets graphile retry an infrastructure fault. */
export const relayEventsTask = (svc: Services): Task => async () => {
  await relayEvents(svc);
};
