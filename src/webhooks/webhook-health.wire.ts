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
});
export type WebhookEndpointHealthView = Static<typeof WebhookEndpointHealthSchema>;
