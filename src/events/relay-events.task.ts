import type { FeatureTask } from '../platform/index';
import { relayEvents } from './relay';

/** Hands committed events to their subscribers. Throwing lets graphile retry an infrastructure fault. */
export const relayEventsTask: FeatureTask = (svc) => async () => {
  await relayEvents(svc);
};
