import { DomainError } from '../errors';
import { isEventType } from './catalogue';
import { UNKNOWN_EVENT_TYPE_MESSAGE } from './event-feed.wire';
import { readFeedPage, type EventFeedItem } from './events.repository';
import { pageSize, decodeCursor, encodeCursor, type CursorScope } from '../pagination/index';
import { authorize, principalMode, type Actor } from '../access/index';
import type { Services } from '../services';

export interface FeedPage {
  /** Items with `data` as the stored payload bytes (the adapter embeds them verbatim). */
  items: EventFeedItem[];
  /** Always a cursor: after the last item, or where the caller already was on an empty page. */
  nextCursor: string;
  hasMore: boolean;
}

/**
 * GET /v1/events: the tenant's event feed, oldest first in commit order, optionally of one event type.
 * The cursor is the feed position, bound to the tenant and the event_type filter; it is returned on
 * every page, so a client can poll with it for events that arrive later.
 */
export async function listEventFeed(
  svc: Services, actor: Actor, input: { eventType?: string; limit?: number; cursor?: string },
): Promise<FeedPage> {
  authorize(actor, 'events:read');
  if (input.eventType !== undefined && !isEventType(input.eventType)) {
    throw DomainError.validation([{ path: 'event_type', message: UNKNOWN_EVENT_TYPE_MESSAGE }]);
  }
  const scope: CursorScope = { orgId: actor.orgId, list: 'events', filter: { eventType: input.eventType ?? null } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : 0;
  const page = await readFeedPage(svc, { orgId: actor.orgId, mode: principalMode(actor), eventType: input.eventType, afterPosition: after, limit: pageSize(input.limit) });
  const last = page.items[page.items.length - 1];
  return { items: page.items, nextCursor: encodeCursor(svc.config, scope, [last ? last.position : after]), hasMore: page.hasMore };
}
