import { EVENT_CATALOGUE, type EventCatalogueEntry } from './generated/catalogue';
import type { WebhookEventType, WebhookPayloads } from './generated/payloads';

/**
 * The event catalogue as types. Everything here is derived from the JSON Schemas in schemas/webhooks/
 * (the single source of truth) through the generated files in ./generated (`npm run generate:types`).
 */
export { EVENT_CATALOGUE, type EventCatalogueEntry };
export type { WebhookPayloads, WebhookEvent } from './generated/payloads';

/** Every event type of the contract, `ping` included. */
export type EventType = WebhookEventType;

/** The complete webhook payload (and /v1/events `data`) of one event type. */
export type EventPayload<T extends EventType> = WebhookPayloads[T];

/**
 * Envelope fields recordEvent fills itself: identity and time, the tenant, and from the case row
 * caseId, crmRecordId, caseSequence and (on the events that carry it) crmSource.
 */
export const ENVELOPE_FIELDS = ['event', 'eventId', 'eventVersion', 'timestamp', 'orgId', 'caseId', 'crmRecordId', 'caseSequence', 'crmSource'] as const;
export type EnvelopeField = (typeof ENVELOPE_FIELDS)[number];

/** What a use case passes to recordEvent for one event type: its payload minus the envelope. */
export type EventFields<T extends EventType> = Omit<EventPayload<T>, EnvelopeField>;

/** Event types that are about a case (their payload carries caseId): recordEvent needs the case. */
export type CaseEventType = { [K in EventType]: 'caseId' extends keyof WebhookPayloads[K] ? K : never }[EventType];

const BY_TYPE = new Map<string, EventCatalogueEntry>(EVENT_CATALOGUE.map((e) => [e.type, e]));

/** Every event type, sorted. */
export const EVENT_TYPES: readonly EventType[] = EVENT_CATALOGUE.map((e) => e.type);

export function isEventType(value: string): value is EventType {
  return BY_TYPE.has(value);
}

/** The catalogue entry of one event type (version, description, which envelope fields it carries). */
export function eventCatalogueEntry(type: string): EventCatalogueEntry | undefined {
  return BY_TYPE.get(type);
}
