import { DateTime, Nullable, OptionalText, Type, type Static } from '../wire';

/** What the failure-alert check knows of an endpoint (the console's banner): all null before its first attempt. */
export const WebhookEndpointHealthSchema = Type.Object({
  endpointId: Type.String({ format: 'uuid' }),
  incidentSince: Nullable(DateTime(), {
    description: 'Set while an incident is open: every attempt since then failed, for longer than the tenant\'s alert threshold. The compliance admins were emailed.',
  }),
  failingSince: Nullable(DateTime(), { description: 'The first failed attempt after the last success (the current failing streak), or null.' }),
  lastSuccessAt: Nullable(DateTime()),
  lastFailureAt: Nullable(DateTime()),
  lastError: OptionalText({ description: 'The last failed attempt in words.' }),
  checkedAt: Nullable(DateTime(), { description: 'When the health check last read this endpoint\'s attempts.' }),
  pendingRetries: Type.Integer({ minimum: 0, description: 'Deliveries with a failed attempt behind them and another due, now (read live).' }),
  retryingSince: Nullable(DateTime(), { description: 'When the oldest of those deliveries was created; null when none waits.' }),
  nextRetryAt: Nullable(DateTime(), { description: 'When the next of those attempts is due.' }),
  lastRetryAt: Nullable(DateTime(), { description: 'When the most recently tried of them was last tried.' }),
  lastRetryError: OptionalText({ description: 'The failure in words of the most recently tried of them.' }),
});
export type WebhookEndpointHealthView = Static<typeof WebhookEndpointHealthSchema>;
