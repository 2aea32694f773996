import { EVENT_TYPES } from './catalogue';
import { DateTime, StringEnum, Type, type Static } from '../wire';

/** Wire shapes of the event feed (GET /v1/events). */

/** The words of a validation error on an unknown event type, whichever door checks it. */
export const UNKNOWN_EVENT_TYPE_MESSAGE = 'must be the name of an event of the catalogue (GET /schemas/webhooks/index.json)';

/** Every event type of the catalogue (schemas/webhooks/, the single source of the event names). */
export const EventTypeSchema = StringEnum(EVENT_TYPES, { description: 'An event type of the catalogue (GET /schemas/webhooks/index.json).', 'x-message': UNKNOWN_EVENT_TYPE_MESSAGE });

export const EventFeedItemSchema = Type.Object({
  eventId: Type.String({ format: 'uuid' }),
  eventType: EventTypeSchema,
  eventVersion: Type.Integer({ const: 1, description: 'Currently 1.' }),
  occurredAt: DateTime({ description: "Equal to the payload's `timestamp`." }),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Byte for byte the webhook payload of this eventId: its schema is the `webhooks` entry of eventType.',
  }),
});
export type EventFeedItemView = Static<typeof EventFeedItemSchema>;

/** Unlike the other lists, nextCursor is always present: the feed is polled with it. */
export const EventListSchema = Type.Object({
  data: Type.Array(EventFeedItemSchema),
  nextCursor: Type.String({
    description: 'Always present: the position after the last event returned (or the cursor given, on an empty page). Poll with it to get later events.',
  }),
  hasMore: Type.Boolean(),
}, { description: 'Oldest first, in commit order of the feed position.' });
