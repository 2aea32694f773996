import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import { listCaseEventPage } from '../events/index';
import { pageSize, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { findCasePk } from './cases.repository';

/** One event of a case's timeline: the feed item's fields, with its payload exactly as the feed and webhooks carry it. */
export interface TimelineEventView {
  eventId: string;
  eventType: string;
  eventVersion: number;
  /** ISO 8601 UTC; the payload's `timestamp`. */
  occurredAt: string;
  /** The event's place in its case: 1, 2, 3 … in commit order. */
  caseSequence: number;
  /** The payload, parsed from the stored bytes that /v1/events and webhooks send. */
  data: Record<string, unknown>;
}

/**
 * A case's timeline: its events, newest first (caseSequence, the case's commit order), keyset-paged with
 * a cursor after every row. It shows every committed event of the case, including one the outbox relay
 * has not handed to the feed yet (that takes milliseconds); payloads are the feed's and the webhooks'.
 */
export async function listCaseTimeline(
  svc: Services, actor: Actor, caseId: string, input: { limit?: number; cursor?: string },
): Promise<Page<TimelineEventView>> {
  authorize(actor, 'events:read');
  const orgId = actor.orgId;
  const pk = await findCasePk(forTenant(svc.db, actor), caseId);
  if (pk === null) throw DomainError.notFound('Case');
  const limit = pageSize(input.limit);
  const scope: CursorScope = { orgId, list: 'case_timeline', filter: { caseId } };
  const before = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listCaseEventPage(forTenant(svc.db, actor), pk, { before, limit: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [r.caseSequence], (r) => ({
    ...r, data: JSON.parse(r.data) as Record<string, unknown>,
  }), { edgeCursors: true });
}
