import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction';
import { forTenant } from '../db/index';
import { eventCatalogueEntry, type CaseEventType, type EventFields, type EventPayload, type EventType } from './catalogue';
import { EventRecord } from './event.entity';
import { payloadViolations } from './validate-payload';
import { tracingOf } from '../tracing';

export const EVENT_VERSION = 1;
/** Job that runs the outbox relay; jobKey-debounced so a burst of commits makes one run. */
export const RELAY_TASK = 'relay-events';

export interface CaseRef {
  pk: number;
}


/**
 * What a use case hands to recordEvent, typed by event name: `fields` is exactly that event's own
 * payload (its generated type minus the envelope recordEvent fills), and `case` is required on the
 * events that carry caseId and absent on the others. A missing required field or a wrong enum
 * value does not compile.
 */
export type RecordEventInput<T extends EventType = EventType> = {
  orgId: string;
  type: T;
  /** Event-specific fields, merged after the envelope. */
  fields: EventFields<T>;
  /**
   * The eventId of an event of the same tenant recorded earlier (normally in the same transaction):
   * for every endpoint, this event's webhook delivery makes its first attempt only once that event's
   * delivery to the endpoint has had its first attempt (delivered, failed or skipped while paused; no
   * wait when the endpoint has no delivery of it). The feed lists that event first too.
   */
  orderedAfter?: string;
} & (T extends CaseEventType
  ? {
      /** The case the event is about; adds caseId, crmRecordId, caseSequence (and crmSource where carried). */
      case: CaseRef;
    }
  : { case?: never });

export interface RecordedEvent<T extends EventType = EventType> {
  seq: number;
  eventId: string;
  payload: EventPayload<T>;
  /** The exact payload bytes: what the feed returns and what webhooks sign and send. */
  data: string;
}

/** Thrown under NODE_ENV=test when a payload breaks its schema, so that the violation fails the test. */
export class EventSchemaViolation extends Error {
  constructor(
    readonly eventType: string,
    readonly violations: { path: string; message: string }[],
  ) {
    super(`${eventType} payload violates its JSON Schema: ${violations.map((v) => `${v.path} ${v.message}`).join('; ')}`);
    this.name = 'EventSchemaViolation';
  }
}

/**
 * Records an event in the caller's transaction: the outbox row and the feed row in one. Its payload
 * is serialised once, here; those bytes are what the feed returns and what webhooks sign and send.
 * The case row is locked and its event counter bumped (by src/cases, through svc.caseSequences), so
 * caseSequence runs 1, 2, 3 … per case without gaps, in commit order. After commit the relay is nudged;
 * the sweep covers a lost nudge.
 *
 * Outside production the payload is also checked against its JSON Schema at run time: under
 * NODE_ENV=test a violation throws (the test fails), in development it is logged and the event kept.
 */
export async function recordEvent<T extends EventType>(tx: Tx, input: RecordEventInput<T>): Promise<RecordedEvent<T>> {
  const [recorded] = await recordEventsOfTenant(tx, 'recordEvent', input.orgId, [input]);
  return recorded as RecordedEvent<T>;
}

/**
 * recordEvent for many events of one tenant's cases at once (batch work such as scheduled monitoring):
 * the same payloads, envelopes, per-case caseSequence and orderedAfter as recording them one by one in
 * this order, in three statements instead of three per event: one UPDATE bumps each case's counter by
 * its number of events (locking the case rows, as recordEvent does), one SELECT reads them back, one
 * multi-row INSERT writes the events. Every event shares the clock reading. Returns them in input order.
 */
export async function recordCaseEvents(tx: Tx, orgId: string, inputs: RecordEventInput<CaseEventType>[]): Promise<RecordedEvent[]> {
  for (const input of inputs) {
    if (!eventCatalogueEntry(input.type)?.carriesCase) throw new Error(`recordCaseEvents: ${input.type} is not a case event`);
  }
  return recordEventsOfTenant(tx, 'recordCaseEvents', orgId, inputs);
}

/**
 * The one recorder behind recordEvent and recordCaseEvents: it builds every envelope, takes every
 * caseSequence and honours every orderedAfter. `who` names the caller in its errors.
 */
async function recordEventsOfTenant(tx: Tx, who: string, orgId: string, inputs: readonly RecordEventInput[]): Promise<RecordedEvent[]> {
  if (!inputs.length) return [];
  const perCase = new Map<number, number>();
  const entries = inputs.map((input) => {
    if (input.orgId !== orgId) throw new Error(`${who}: every event must be of the one tenant`);
    const entry = eventCatalogueEntry(input.type);
    if (!entry) throw new Error(`${who}: unknown event type ${input.type}`);
    const caseRef = (input as { case?: CaseRef }).case;
    if (entry.carriesCase !== Boolean(caseRef)) throw new Error(`${who}: ${input.type} ${entry.carriesCase ? 'needs' : 'takes no'} case`);
    if (caseRef) perCase.set(caseRef.pk, (perCase.get(caseRef.pk) ?? 0) + 1);
    return { input, entry, caseRef };
  });
  for (const { input } of entries) {
    if (input.orderedAfter !== undefined) await checkOrderedAfter(tx, who, orgId, input.orderedAfter);
  }
  // The cases' rows are locked first, so that the clock is read in caseSequence order too.
  const cases = await tx.services.caseSequences(forTenant(tx.manager, orgId), perCase);
  // The first sequence of this call per case: the counter after the bump, less this call's events.
  const next = new Map([...perCase].map(([pk, n]) => [pk, (cases.get(pk)?.eventSequence ?? 0) - n + 1]));
  const occurredAt = tx.services.clock.now();
  // The work in progress (a request, a job) is what caused these events: their relay, deliveries and reactions continue its trace.
  const carrier = tracingOf(tx.services).capture();
  const traceContext = carrier ? JSON.stringify(carrier) : null;
  const built = entries.map(({ input, entry, caseRef }) => {
    const envelope: Record<string, unknown> = {
      event: input.type,
      eventId: randomUUID(),
      eventVersion: EVENT_VERSION,
      timestamp: occurredAt.toISOString(),
      orgId,
    };
    let caseId: string | null = null;
    let caseSequence: number | null = null;
    let mode: 'live' | 'test' = 'live';
    if (caseRef) {
      const row = cases.get(caseRef.pk);
      if (!row) throw new Error(`${who}: case ${caseRef.pk} is not in tenant ${orgId}`);
      caseId = row.caseId;
      mode = row.mode;
      caseSequence = next.get(caseRef.pk)!;
      next.set(caseRef.pk, caseSequence + 1);
      envelope.caseId = caseId;
      envelope.crmRecordId = row.crmRecordId;
      envelope.caseSequence = caseSequence;
      if (entry.carriesCrmSource) envelope.crmSource = row.crmSource;
    }
    // The envelope is the recorder's own: a field of the same name (only possible through a cast) never overrides it.
    const payload: Record<string, unknown> = { ...envelope };
    for (const [key, value] of Object.entries(input.fields as Record<string, unknown>)) {
      if (!(key in envelope) && value !== undefined) payload[key] = value;
    }
    checkPayload(tx, input.type, payload);
    const data = JSON.stringify(payload);
    const record: EventRow = {
      eventId: payload.eventId as string,
      type: input.type,
      version: EVENT_VERSION,
      occurredAt,
      casePk: caseRef?.pk ?? null,
      mode,
      caseId,
      caseSequence,
      orderedAfter: input.orderedAfter ?? null,
      data,
      traceContext,
    };
    return { payload, data, record };
  });
  const first = await insertEvents(tx, orgId, built.map((b) => b.record));
  tx.afterCommitOnce(RELAY_TASK, () => tx.services.jobs.enqueue(RELAY_TASK, {}, { jobKey: RELAY_TASK }));
  return built.map((b, i) => ({
    seq: first + i, eventId: b.payload.eventId as string, payload: b.payload as unknown as EventPayload<EventType>, data: b.data,
  }));
}

const EVENT_ROW = `(${Array.from({ length: 14 }, () => '?').join(', ')})`;

/**
 * One INSERT of the rows (every column given), answering the first row's seq from the OK packet. TypeORM's
 * insert() read each row back with a SELECT (for `mode`, which has a database default); a statement per
 * event that the caller never needed. The rows of one multi-row INSERT take consecutive seqs
 * (innodb_autoinc_lock_mode 0 or 1, MariaDB's default, as TypeORM's own insert() also assumes).
 */
async function insertEvents(tx: Tx, orgId: string, rows: EventRow[]): Promise<number> {
  const params = rows.flatMap((r) => [
    r.eventId, orgId, r.type, r.version, r.occurredAt, r.casePk, r.mode, r.caseId, r.caseSequence, r.orderedAfter, r.data, null, null, r.traceContext,
  ]);
  const result = (await forTenant(tx.manager, orgId).query(
    `INSERT INTO events (event_id, org_id, type, version, occurred_at, case_pk, mode, case_id, case_sequence, ordered_after, data, relayed_at, feed_position, trace_context)
     VALUES ${rows.map(() => EVENT_ROW).join(', ')}`, params,
  )) as unknown as { insertId: number | string };
  return Number(result.insertId);
}

type EventRow = Pick<EventRecord, 'eventId' | 'type' | 'version' | 'occurredAt' | 'casePk' | 'mode' | 'caseId' | 'caseSequence' | 'orderedAfter' | 'data' | 'traceContext'>;

/**
 * orderedAfter must name an event this transaction can see (committed, or recorded earlier in it) of
 * the same tenant: then it was inserted before this one, so the relay hands it to the fan-out and the
 * feed first. Anything else is a programming error.
 */
async function checkOrderedAfter(tx: Tx, who: string, orgId: string, eventId: string): Promise<void> {
  const found: unknown[] = await tx.manager.query('SELECT seq FROM events WHERE event_id = ? AND org_id = ?', [eventId, orgId]);
  if (found.length === 0) throw new Error(`${who}: orderedAfter ${eventId} is not an event of tenant ${orgId} visible to this transaction`);
}

/** Checks a payload against its JSON Schema outside production (see recordEvent). */
export function checkPayload(tx: Tx, type: string, payload: Record<string, unknown>): void {
  const env = tx.services.config.nodeEnv;
  if (env === 'production') return;
  const violations = payloadViolations(type, payload);
  if (violations.length === 0) return;
  if (env === 'test') throw new EventSchemaViolation(type, violations);
  // Paths and rules only: payload values (emails, names) never reach a log line.
  tx.services.log.error({ eventType: type, violations }, 'event payload violates its JSON Schema; recorded anyway');
}
