import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction';
import { eventCatalogueEntry, type CaseEventType, type EventFields, type EventPayload, type EventType } from './catalogue';
import { EventRecord } from './event.entity';
import { payloadViolations } from './validate-payload';

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
   * The eventId of an earlier event of the same transaction that every endpoint must be sent first
   * (a verdict before its consequences). Accepted and not yet acted on in this branch: the ordered
   * delivery itself comes with the webhooks-wire work.
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
 * The case row is locked and its event counter bumped, so caseSequence runs 1, 2, 3 … per case
 * without gaps, in commit order. After commit the relay is nudged; the sweep covers a lost nudge.
 *
 * Outside production the payload is also checked against its JSON Schema at run time: under
 * NODE_ENV=test a violation throws (the test fails), in development it is logged and the event kept.
 */
export async function recordEvent<T extends EventType>(tx: Tx, input: RecordEventInput<T>): Promise<RecordedEvent<T>> {
  const entry = eventCatalogueEntry(input.type);
  if (!entry) throw new Error(`recordEvent: unknown event type ${input.type}`);
  const caseRef = (input as { case?: CaseRef }).case;
  if (entry.carriesCase !== Boolean(caseRef)) {
    throw new Error(`recordEvent: ${input.type} ${entry.carriesCase ? 'needs' : 'takes no'} case`);
  }
  // A case's row is locked first, so that the clock is read in caseSequence order too.
  if (caseRef) {
    await tx.manager.query('UPDATE cases SET event_sequence = event_sequence + 1 WHERE pk = ? AND org_id = ?', [caseRef.pk, input.orgId]);
  }
  const occurredAt = tx.services.clock.now();
  const envelope: Record<string, unknown> = {
    event: input.type,
    eventId: randomUUID(),
    eventVersion: EVENT_VERSION,
    timestamp: occurredAt.toISOString(),
    orgId: input.orgId,
  };
  let caseId: string | null = null;
  let caseSequence: number | null = null;
  if (caseRef) {
    const rows: { case_id: string; crm_record_id: string | null; crm_source: string | null; event_sequence: number }[] = await tx.manager.query(
      'SELECT case_id, crm_record_id, crm_source, event_sequence FROM cases WHERE pk = ? AND org_id = ?',
      [caseRef.pk, input.orgId],
    );
    const row = rows[0];
    if (!row) throw new Error(`recordEvent: case ${caseRef.pk} is not in tenant ${input.orgId}`);
    caseId = row.case_id;
    caseSequence = Number(row.event_sequence);
    envelope.caseId = caseId;
    envelope.crmRecordId = row.crm_record_id;
    envelope.caseSequence = caseSequence;
    if (entry.carriesCrmSource) envelope.crmSource = row.crm_source;
  }
  // The envelope is recordEvent's own: a field of the same name (only possible through a cast) never overrides it.
  const payload: Record<string, unknown> = { ...envelope };
  for (const [key, value] of Object.entries(input.fields as Record<string, unknown>)) {
    if (!(key in envelope) && value !== undefined) payload[key] = value;
  }
  checkPayload(tx, input.type, payload);
  const data = JSON.stringify(payload);
  const inserted = await tx.manager.insert(EventRecord, {
    eventId: payload.eventId as string,
    orgId: input.orgId,
    type: input.type,
    version: EVENT_VERSION,
    occurredAt,
    casePk: caseRef?.pk ?? null,
    caseId,
    caseSequence,
    data,
    relayedAt: null,
    feedPosition: null,
  });
  tx.afterCommitOnce(RELAY_TASK, () => tx.services.jobs.enqueue(RELAY_TASK, {}, { jobKey: RELAY_TASK }));
  return { seq: Number(inserted.identifiers[0]!.seq), eventId: payload.eventId as string, payload: payload as unknown as EventPayload<T>, data };
}

function checkPayload(tx: Tx, type: string, payload: Record<string, unknown>): void {
  const env = tx.services.config.nodeEnv;
  if (env === 'production') return;
  const violations = payloadViolations(type, payload);
  if (violations.length === 0) return;
  if (env === 'test') throw new EventSchemaViolation(type, violations);
  // Paths and rules only: payload values (emails, names) never reach a log line.
  tx.services.log.error({ eventType: type, violations }, 'event payload violates its JSON Schema; recorded anyway');
}
