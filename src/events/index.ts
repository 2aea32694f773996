export { moduleSubscribers, type EventSubscriber } from './event-consumers';
export { EventRecord } from './event.entity';
export {
  recordEvent, recordCaseEvents, RELAY_TASK, EVENT_VERSION, EventSchemaViolation, type RecordEventInput, type RecordedEvent, type CaseRef,
} from './record-event';
export type { CaseSequence, TakeCaseSequences } from './case-sequences';
export { relayEvents } from './relay';
export { relayLagSeconds } from './relay-lag';
export { sweepOutbox } from './sweep';
export {
  EVENT_CATALOGUE, EVENT_TYPES, ENVELOPE_FIELDS, isEventType, eventCatalogueEntry,
  type EventCatalogueEntry, type EventType, type EventPayload, type EventFields, type CaseEventType, type EnvelopeField,
  type WebhookPayloads, type WebhookEvent,
} from './catalogue';
export { openApiEventSchemas, PublishedSchemas, readSchemaSources, type OpenApiEventSchemas, SCHEMA_DIR, SOURCE_SCHEMA_BASE, type PublishedDocument, type SchemaSources } from './schema-documents';
export { payloadViolations, type PayloadViolation } from './validate-payload';
export { redactCaseEvents, listCaseEventPage, eventDataBySeq, listCaseFeedItems, feedItemJson, type EventFeedItem, type CaseEventItem } from './events.repository';
export { listEventFeed, type FeedPage } from './list-event-feed';
export { EventTypeSchema, EventFeedItemSchema, EventListSchema, UNKNOWN_EVENT_TYPE_MESSAGE, type EventFeedItemView } from './event-feed.wire';
export { eventsModule } from './module';
export { EXAMPLE_FIELDS, examplePayload } from './examples';
