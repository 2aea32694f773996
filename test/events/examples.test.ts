import { Writable } from 'node:stream';
import { expect } from 'chai';
import { inTransaction } from '../../src/db/index';
import {
  EVENT_TYPES, EventRecord, EventSchemaViolation, eventCatalogueEntry, recordEvent, type EventType, type RecordEventInput,
} from '../../src/events/index';
import { createLogger, type Services } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';
import { EXAMPLE_FIELDS } from '../../src/events/index';
import { compileEventSchemas, insertCase } from './support';

/** recordEvent for a type known only at run time (the loop over the catalogue); the examples are typed per event. */
function recordExample(svc: Services, orgId: string, type: EventType, casePk: number, fields: object = EXAMPLE_FIELDS[type]) {
  const input = { orgId, type, fields, ...(eventCatalogueEntry(type)!.carriesCase ? { case: { pk: casePk } } : {}) };
  return inTransaction(svc, (tx) => recordEvent(tx, input as RecordEventInput));
}

describe('event catalogue: every event type recorded through the emitter', () => {
  let tenant: Tenant;
  beforeEach(async () => {
    tenant = await newTenant(await runtime());
  });

  it('records an example of each of the 36 event types, and each stored payload validates against its schema', async () => {
    const rt = await runtime();
    const { pk, caseId } = await insertCase(rt, tenant.id, { crmRecordId: 'crm-42', crmSource: 'hubspot' });
    const validators = compileEventSchemas();
    expect(EVENT_TYPES).to.have.length(36);
    let expectedSequence = 0;
    for (const type of EVENT_TYPES) {
      const recorded = await recordExample(rt.svc, tenant.id, type, pk);
      const row = await rt.svc.db.manager.findOneByOrFail(EventRecord, { eventId: recorded.eventId, orgId: tenant.id });
      expect(row.data, type).to.equal(recorded.data);
      const payload = JSON.parse(row.data);
      const validate = validators.get(type)!;
      expect(validate(payload), `${type}: ${JSON.stringify(validate.errors)}`).to.equal(true);
      expect(payload).to.include({ event: type, eventId: recorded.eventId, eventVersion: 1, orgId: tenant.id });
      expect(payload.timestamp).to.equal(row.occurredAt.toISOString());
      const entry = eventCatalogueEntry(type)!;
      if (entry.carriesCase) {
        expectedSequence += 1;
        expect(payload, type).to.include({ caseId, crmRecordId: 'crm-42', caseSequence: expectedSequence });
        expect(row.caseSequence).to.equal(expectedSequence);
      } else {
        expect(payload, type).to.not.have.any.keys('caseId', 'crmRecordId', 'caseSequence');
      }
      if (entry.carriesCrmSource) expect(payload.crmSource, type).to.equal('hubspot');
      else expect(payload, type).to.not.have.property('crmSource');
      // The event's own fields arrive exactly as given.
      expect(payload, type).to.deep.include(EXAMPLE_FIELDS[type] as object);
    }
    expect(expectedSequence).to.equal(35);
  });

  it('sends crmRecordId and crmSource as null while the case has none', async () => {
    const rt = await runtime();
    const { pk } = await insertCase(rt, tenant.id);
    const recorded = await recordExample(rt.svc, tenant.id, 'screening.hit.triaged', pk);
    expect(recorded.payload).to.include({ crmRecordId: null, crmSource: null, caseSequence: 1 });
    expect(compileEventSchemas().get('screening.hit.triaged')!(recorded.payload)).to.equal(true);
  });

  it('under NODE_ENV=test, a payload that breaks its schema fails the transaction (nothing is recorded)', async () => {
    const rt = await runtime();
    const { pk } = await insertCase(rt, tenant.id);
    // compositeScore is a number, as the type wants, but the schema caps it at 100.
    const fields = { ...EXAMPLE_FIELDS['risk.assessed'], compositeScore: 150 };
    const err = await inTransaction(rt.svc, (tx) => recordEvent(tx, { orgId: tenant.id, type: 'risk.assessed', case: { pk }, fields })).then(
      () => expect.fail('the violation should have thrown'),
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(EventSchemaViolation);
    expect((err as EventSchemaViolation).violations).to.deep.include({ path: '/compositeScore', message: 'must be <= 100 {"comparison":"<=","limit":100}' });
    expect(await rt.svc.db.manager.countBy(EventRecord, { orgId: tenant.id })).to.equal(0);
  });

  it('in development, a violation is logged with paths and rules only, and the event is still recorded; production does not check', async () => {
    const rt = await runtime();
    const { pk } = await insertCase(rt, tenant.id);
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const dev: Services = { ...rt.svc, config: { ...rt.svc.config, nodeEnv: 'development' }, log: createLogger('info', sink) };
    const bad = { ...EXAMPLE_FIELDS['edd.requested'], recipientEmail: 'secret.person@acme.example', itemCount: 1.5 };
    const recorded = await inTransaction(dev, (tx) => recordEvent(tx, { orgId: tenant.id, type: 'edd.requested', case: { pk }, fields: bad }));
    expect(await rt.svc.db.manager.countBy(EventRecord, { eventId: recorded.eventId })).to.equal(1);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.eventType === 'edd.requested');
    expect(logged, 'a log line for the violation').to.not.equal(undefined);
    expect(logged.level).to.equal(50);
    expect(logged.violations).to.deep.equal([{ path: '/itemCount', message: 'must be integer {"type":"integer"}' }]);
    expect(lines.join('')).to.not.include('secret.person');

    lines.length = 0;
    const prod: Services = { ...dev, config: { ...rt.svc.config, nodeEnv: 'production' } };
    await inTransaction(prod, (tx) => recordEvent(tx, { orgId: tenant.id, type: 'edd.requested', case: { pk }, fields: bad }));
    expect(lines).to.deep.equal([]);
  });

  it('refuses, at run time too, a case event without its case and a ping with one', async () => {
    const rt = await runtime();
    const { pk } = await insertCase(rt, tenant.id);
    const withoutCase = { orgId: tenant.id, type: 'escalation.created', fields: EXAMPLE_FIELDS['escalation.created'] } as unknown as RecordEventInput;
    const pingWithCase = { orgId: tenant.id, type: 'ping', case: { pk }, fields: { message: 'x' } } as unknown as RecordEventInput;
    for (const input of [withoutCase, pingWithCase]) {
      await inTransaction(rt.svc, (tx) => recordEvent(tx, input)).then(
        () => expect.fail('should have thrown'),
        (e: Error) => expect(e.message).to.match(/^recordEvent: (escalation\.created needs|ping takes no) case$/),
      );
    }
  });
});
