import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction';
import { EventRecord } from './event.entity';

export const EVENT_VERSION = 1;
/** Job that runs the outbox relay; jobKey-debounced so a burst of commits makes one run. */
export const RELAY_TASK = 'relay-events';

export interface CaseRef {
  pk: number;
}

export interface RecordEventInput {
  orgId: string;
  type: string;
  /** The case the event is about; adds caseId, crmRecordId and caseSequence to the envelope. */
  case?: CaseRef;
  /** Event-specific fields, merged after the envelope. */
  fields: Record<string, unknown>;
}

export interface RecordedEvent {
  seq: number;
  eventId: string;
  payload: Record<string, unknown>;
  data: string;
}

/**
 * Records an event in the caller's transaction: the outbox row and the feed row in one. Its payload
 * is serialised once, here; those bytes are what the feed returns and what webhooks sign and send.
 * The case row is locked and its event counter bumped, so caseSequence runs 1, 2, 3 … per case
 * without gaps, in commit order. After commit the relay is nudged; the sweep covers a lost nudge.
 */
export async function recordEvent(tx: Tx, input: RecordEventInput): Promise<RecordedEvent> {
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
  if (input.case) {
    await tx.manager.query('UPDATE cases SET event_sequence = event_sequence + 1 WHERE pk = ? AND org_id = ?', [input.case.pk, input.orgId]);
    const rows: { case_id: string; crm_record_id: string | null; event_sequence: number }[] = await tx.manager.query(
      'SELECT case_id, crm_record_id, event_sequence FROM cases WHERE pk = ? AND org_id = ?',
      [input.case.pk, input.orgId],
    );
    const row = rows[0];
    if (!row) throw new Error(`recordEvent: case ${input.case.pk} is not in tenant ${input.orgId}`);
    caseId = row.case_id;
    caseSequence = Number(row.event_sequence);
    envelope.caseId = caseId;
    envelope.crmRecordId = row.crm_record_id;
  }
  const payload: Record<string, unknown> = { ...envelope, ...input.fields, ...(caseSequence !== null ? { caseSequence } : {}) };
  const data = JSON.stringify(payload);
  const inserted = await tx.manager.insert(EventRecord, {
    eventId: payload.eventId as string,
    orgId: input.orgId,
    type: input.type,
    version: EVENT_VERSION,
    occurredAt,
    casePk: input.case?.pk ?? null,
    caseId,
    caseSequence,
    data,
    relayedAt: null,
  });
  tx.afterCommitOnce(RELAY_TASK, () => tx.services.jobs.enqueue(RELAY_TASK, {}, { jobKey: RELAY_TASK }));
  return { seq: Number(inserted.identifiers[0]!.seq), eventId: payload.eventId as string, payload, data };
}
