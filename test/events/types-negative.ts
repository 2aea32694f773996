// Compile-time tests of the typed emitter: compiled by tsc in every build (`npm test` runs the build),
// never run. Each `@ts-expect-error` line must be a type error; if one compiles, the build fails with
// "Unused '@ts-expect-error' directive". The last block shows what does compile.
import { type Tx } from '../../src/db/index';
import { recordEvent, type EventFields } from '../../src/events/index';

export async function typedEmitterContract(tx: Tx, orgId: string): Promise<void> {
  const pk = 1;

  // A required field is missing (reviewCaseId).
  // @ts-expect-error -- property 'reviewCaseId' is missing
  await recordEvent(tx, { orgId, type: 'monitoring.review.escalated', case: { pk }, fields: { alertType: 'sanctions_hit', occurrenceNo: 1, escalationReason: 'model_drift' } });

  // A value outside an enumerated set.
  await recordEvent(tx, {
    orgId, type: 'case.created', case: { pk },
    // @ts-expect-error -- 'fax' is not a case.created source
    fields: { companyName: null, companyNumber: null, country: null, customerEmail: null, source: 'fax' },
  });
  await recordEvent(tx, {
    orgId, type: 'monitoring.review.escalated', case: { pk },
    // @ts-expect-error -- 'bored' is not an escalationReason
    fields: { reviewCaseId: 'r', alertType: 'a', occurrenceNo: 1, escalationReason: 'bored' },
  });

  // A wrong type, and null where the contract does not allow it.
  // @ts-expect-error -- fileCount is a number
  await recordEvent(tx, { orgId, type: 'document.uploaded', case: { pk }, fields: { documentIds: [1], fileCount: '1', filenames: ['a.pdf'] } });
  // @ts-expect-error -- note is a string, never null
  await recordEvent(tx, { orgId, type: 'escalation.created', case: { pk }, fields: { companyName: null, note: null, raisedBy: 'a@b.c' } });

  // A field the event does not have (a typo), and envelope fields recordEvent fills itself.
  // @ts-expect-error -- 'mesage' is not a ping field
  await recordEvent(tx, { orgId, type: 'ping', fields: { mesage: 'hi' } });
  // @ts-expect-error -- caseSequence comes from the case row, not the caller
  await recordEvent(tx, { orgId, type: 'escalation.created', case: { pk }, fields: { companyName: null, note: 'n', raisedBy: 'r', caseSequence: 3 } });
  // @ts-expect-error -- crmSource comes from the case row, not the caller
  await recordEvent(tx, { orgId, type: 'screening.completed', case: { pk }, fields: { screened: 0, summary: [], crmSource: 'x' } });

  // The case: required on events about a case, refused on ping; unknown event names do not exist.
  // @ts-expect-error -- escalation.created is about a case
  await recordEvent(tx, { orgId, type: 'escalation.created', fields: { companyName: null, note: 'n', raisedBy: 'r' } });
  // @ts-expect-error -- ping is about no case
  await recordEvent(tx, { orgId, type: 'ping', case: { pk }, fields: { message: 'hi' } });
  // @ts-expect-error -- no such event type
  await recordEvent(tx, { orgId, type: 'case.deleted', case: { pk }, fields: {} });

  // What compiles: the event's own fields, optional ones left out, and the payload typed in return.
  const recorded = await recordEvent(tx, {
    orgId, type: 'case.decision.made', case: { pk },
    fields: { outcome: 'declined', notes: '', analystEmail: 'a@b.c', decidedAt: new Date(0).toISOString(), companyName: null },
  });
  const outcome: 'approved' | 'declined' = recorded.payload.outcome;
  const sequence: number = recorded.payload.caseSequence;
  const fields: EventFields<'ping'> = { message: 'hi' };
  await recordEvent(tx, { orgId, type: 'ping', fields });
  void outcome;
  void sequence;
}
