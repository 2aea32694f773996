import { type TenantDb } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { DomainError } from '../errors';
import { pageSize } from '../pagination/index';
import type { Services } from '../services';

export interface FeedPageQuery {
  orgId: string;
  /** Only events of this mode (the caller's: test credentials read test events only); live when absent. */
  mode?: 'live' | 'test';
  /** Only this event type (the contract's `event_type` filter). */
  eventType?: string;
  /** Position of the last item already seen (from a cursor); omitted for the first page. */
  afterPosition?: number;
  /** Page size, at least 1 (larger than 200 is read as 200: pageSize). */
  limit: number;
}

/** One feed item. `data` is the stored payload bytes, exactly as webhooks send them: parse them at the edge. */
export interface EventFeedItem {
  eventId: string;
  eventType: string;
  eventVersion: number;
  /** ISO 8601 UTC with milliseconds; equal to the payload's `timestamp`. */
  occurredAt: string;
  data: string;
  /** The feed's keyset: strictly increasing in commit order of the relay. Put it in the cursor. */
  position: number;
}

export interface EventFeedPage {
  items: EventFeedItem[];
  /** True when at least one more item follows the last one (at the time of the query). */
  hasMore: boolean;
}

/**
 * A tenant's event feed (/v1/events), oldest first, after a position. An event appears here once the
 * outbox relay has handed it off, normally milliseconds after its transaction committed (at worst one
 * sweep interval after a crash). Positions are assigned in commit order (see relayEvents), so paging
 * by position while events keep arriving never skips and never repeats an event. One row per eventId.
 */
export async function readFeedPage(svc: Services, input: FeedPageQuery): Promise<EventFeedPage> {
  const limit = pageSize(input.limit);
  if (input.afterPosition !== undefined && (!Number.isSafeInteger(input.afterPosition) || input.afterPosition < 0)) {
    throw DomainError.validation([{ path: 'cursor', message: 'is not a valid cursor' }]);
  }
  const params: unknown[] = [input.orgId, input.mode ?? 'live'];
  let typeFilter = '';
  if (input.eventType !== undefined) {
    typeFilter = 'AND type = ?';
    params.push(input.eventType);
  }
  params.push(input.afterPosition ?? 0);
  const rows: { event_id: string; type: string; version: number; occurred_at: Date; data: string; feed_position: number | string }[] = await svc.db.query(
    `SELECT event_id, type, version, occurred_at, data, feed_position FROM events
     WHERE org_id = ? AND mode = ? ${typeFilter} AND feed_position > ?
     ORDER BY feed_position LIMIT ${limit + 1}`,
    params,
  );
  return {
    items: rows.slice(0, limit).map((r) => ({
      eventId: r.event_id,
      eventType: r.type,
      eventVersion: Number(r.version),
      occurredAt: new Date(r.occurred_at).toISOString(),
      data: r.data,
      position: Number(r.feed_position),
    })),
    hasMore: rows.length > limit,
  };
}

/** One event of a case's timeline: the stored payload bytes (parse them at the edge) and its place in the case. */
export interface CaseEventItem {
  eventId: string;
  eventType: string;
  eventVersion: number;
  /** ISO 8601 UTC with milliseconds. */
  occurredAt: string;
  /** Commit order within the case. */
  caseSequence: number;
  data: string;
}

/**
 * One page of a tenant's case's events, newest first by caseSequence (commit order within the case),
 * committed ones only, relayed or not yet. `before` is the caseSequence of the last event already seen
 * (null for the first page); `limit` the rows to read (the page size plus one). Reads the
 * (case_pk, case_sequence) key; the tenant is checked on every row.
 */
export async function listCaseEventPage(
  db: TenantDb, casePk: number, q: { before: number | null; limit: number },
): Promise<CaseEventItem[]> {
  const orgId = db.orgId;
  const rows: { event_id: string; type: string; version: number | string; occurred_at: Date; case_sequence: number | string; data: string }[] = await db.query(
    `SELECT event_id, type, version, occurred_at, case_sequence, data FROM events FORCE INDEX (uq_events_case_sequence)
     WHERE case_pk = ? AND org_id = ? ${q.before !== null ? 'AND case_sequence < ?' : ''} ORDER BY case_sequence DESC LIMIT ${Math.floor(q.limit)}`,
    q.before !== null ? [casePk, orgId, q.before] : [casePk, orgId],
  );
  return rows.map((r) => ({
    eventId: r.event_id, eventType: r.type, eventVersion: Number(r.version), occurredAt: new Date(r.occurred_at).toISOString(),
    caseSequence: Number(r.case_sequence), data: r.data,
  }));
}

/** The stored payload bytes of a tenant's events by their outbox seq (webhook deliveries name their event so). */
export async function eventDataBySeq(db: TenantDb, seqs: number[]): Promise<Map<number, string>> {
  if (seqs.length === 0) return new Map();
  const rows: { seq: number | string; data: string }[] = await db.query(
    `SELECT seq, data FROM events WHERE org_id = ? AND seq IN (${seqs.map(() => '?').join(', ')})`, [db.orgId, ...seqs],
  );
  return new Map(rows.map((e) => [Number(e.seq), e.data]));
}

/**
 * Rewrites the stored bytes of a case's events, in the caller's transaction (the rows are locked until
 * it ends): `redact` gets each event's type and parsed payload and returns the payload to store instead,
 * or null to leave the event as it is. What the feed serves and a redelivery sends from then on is the
 * rewritten payload. Returns how many events were rewritten. Zero retention's purge uses it.
 */
export async function redactCaseEvents(
  db: TenantDb, casePk: number, redact: (type: string, payload: Record<string, unknown>) => Record<string, unknown> | null,
): Promise<number> {
  const orgId = db.orgId;
  const rows: { seq: number | string; type: string; data: string }[] = await db.query(
    'SELECT seq, type, data FROM events WHERE org_id = ? AND case_pk = ? FOR UPDATE', [orgId, casePk],
  );
  let changed = 0;
  for (const row of rows) {
    const redacted = redact(row.type, JSON.parse(row.data) as Record<string, unknown>);
    if (!redacted) continue;
    await db.query('UPDATE events SET data = ? WHERE org_id = ? AND seq = ?', [JSON.stringify(redacted), orgId, Number(row.seq)]);
    changed++;
  }
  return changed;
}

/**
 * Every feed item of one case of the tenant (relayed events only, as GET /v1/events serves them), in feed
 * order: the evidence pack's events.jsonl. `data` is the stored payload bytes.
 */
export async function listCaseFeedItems(db: TenantDb, casePk: number): Promise<EventFeedItem[]> {
  const orgId = db.orgId;
  const rows: { event_id: string; type: string; version: number; occurred_at: Date; data: string; feed_position: number | string }[] = await db.query(
    `SELECT event_id, type, version, occurred_at, data, feed_position FROM events
     WHERE org_id = ? AND case_pk = ? AND feed_position IS NOT NULL ORDER BY feed_position`,
    [orgId, casePk],
  );
  return rows.map((r) => ({
    eventId: r.event_id, eventType: r.type, eventVersion: Number(r.version), occurredAt: new Date(r.occurred_at).toISOString(), data: r.data,
    position: Number(r.feed_position),
  }));
}

/**
 * One feed item as GET /v1/events writes it: `data` embedded as the stored payload bytes, never re-serialised
 * (so it is byte for byte the webhook body of that eventId). The route and the evidence pack both use it.
 */
export function feedItemJson(i: EventFeedItem): string {
  return `{"eventId":${JSON.stringify(i.eventId)},"eventType":${JSON.stringify(i.eventType)},"eventVersion":${i.eventVersion},"occurredAt":${JSON.stringify(i.occurredAt)},"data":${i.data}}`;
}

/**
 * How old the oldest unrelayed event is, in seconds (0 when the outbox is empty): the relay's lag, read
 * at each metrics scrape. The relay's own index (relayed_at, seq) finds it in one step.
 */
export async function oldestUnrelayedEventAgeSeconds(db: Queryable, now: Date): Promise<number> {
  const rows = (await crossTenant(db, 'sweep').query(
    'SELECT occurred_at FROM events WHERE relayed_at IS NULL ORDER BY relayed_at, seq LIMIT 1',
  )) as { occurred_at: Date }[];
  const oldest = rows[0]?.occurred_at;
  return oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0;
}
