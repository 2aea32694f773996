import { expect } from 'chai';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../../src/events/index';
import { EXAMPLE_FIELDS } from '../../src/events/index';
import { compileEventSchemas, eventSchemaFiles, readJson, SCHEMA_DIR, type Json } from './support';

const ENVELOPE_REQUIRED = ['event', 'eventId', 'eventVersion', 'timestamp', 'orgId'];
const UUID = '5d1f3c4e-8f7a-4b6c-9d2e-1a2b3c4d5e6f';

/** Every property name a schema requires, its envelope included. */
function allRequired(schema: Json): string[] {
  const envelope = readJson(`${SCHEMA_DIR}/common/envelope.v1.json`);
  const viaEnvelope = ((schema.allOf as Json[] | undefined) ?? []).some((p) => p.$ref === 'common/envelope.v1.json');
  return [...(viaEnvelope ? (envelope.required as string[]) : []), ...(schema.required as string[])];
}

describe('event catalogue: the JSON Schemas', () => {
  const files = eventSchemaFiles();

  it('has one Draft 2020-12 schema per event type, 36 with ping, each with its $id, title and the contract\'s description', () => {
    expect(files.size).to.equal(36);
    expect([...files.keys()].sort()).to.deep.equal([...EVENT_TYPES]);
    for (const [type, schema] of files) {
      expect(schema.$schema, type).to.equal('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id, type).to.equal(`http://localhost:3000/schemas/webhooks/${type}.v1.json`);
      expect((schema.properties as Json).event, type).to.deep.equal({ const: type });
      expect(schema.description, type).to.be.a('string').and.not.equal('');
      expect(EVENT_CATALOGUE.find((e) => e.type === type)!.description).to.equal(schema.description);
      expect(schema, `${type} closes no doors: additional properties stay allowed`).to.not.have.property('additionalProperties');
    }
  });

  it('every schema compiles with ajv in the 2020-12 dialect, strict mode, formats on', () => {
    expect(compileEventSchemas().size).to.equal(36);
  });

  it('every event about a case carries crmRecordId and caseSequence, required except where the contract lists the required fields itself', () => {
    for (const [type, schema] of files) {
      const props = schema.properties as Json;
      expect(schema.allOf, type).to.deep.equal([{ $ref: 'common/envelope.v1.json' }]);
      if (type === 'ping') {
        expect(props, type).to.not.have.any.keys('caseId', 'caseSequence');
        continue;
      }
      expect(props, type).to.include.keys('caseId', 'crmRecordId', 'caseSequence');
      if (type !== 'monitoring.review.escalated') expect(schema.required, type).to.include.members(['caseId', 'crmRecordId', 'caseSequence']);
    }
  });

  it('monitoring.review.escalated requires exactly the contract\'s list', () => {
    expect(allRequired(files.get('monitoring.review.escalated')!).sort()).to.deep.equal(
      [...ENVELOPE_REQUIRED, 'caseId', 'reviewCaseId', 'alertType', 'occurrenceNo', 'escalationReason'].sort(),
    );
  });

  it('carries crmSource on the review, screening-hit, onboarding-progress and data-package events only', () => {
    const withCrmSource = [...files].filter(([, s]) => 'crmSource' in (s.properties as Json)).map(([t]) => t).sort();
    expect(withCrmSource).to.deep.equal([
      'case.data_package.delivered', 'case.onboarding_progress.changed',
      'monitoring.review.closed', 'monitoring.review.dispositioned', 'monitoring.review.escalated', 'monitoring.review.opened', 'monitoring.review.reopened',
      'screening.hit.detected', 'screening.hit.triaged',
    ]);
  });

  describe('what the schemas accept and refuse', () => {
    const validators = compileEventSchemas();
    const envelope = (type: string) => ({
      event: type, eventId: UUID, eventVersion: 1, timestamp: '2026-03-01T10:00:00.000Z', orgId: 'org-1', caseId: 'CS-2026-00001', crmRecordId: null, caseSequence: 1,
    });
    const valid = (type: keyof typeof EXAMPLE_FIELDS, change: Json = {}, extra: Json = {}) => {
      const crm = 'crmSource' in (files.get(type)!.properties as Json) ? { crmSource: null } : {};
      const payload: Json = { ...envelope(type), ...crm, ...EXAMPLE_FIELDS[type], ...extra, ...change };
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete payload[k];
      return validators.get(type)!(payload);
    };

    it('accepts the examples, unknown additional fields, and null where the contract says "or null"', () => {
      expect(valid('case.created')).to.equal(true);
      expect(valid('case.created', {}, { someFutureField: { nested: true } })).to.equal(true);
      expect(valid('case.created', { companyName: null, crmRecordId: 'crm-1' })).to.equal(true);
      expect(valid('monitoring.review.closed', { severity: null, approvedAt: null })).to.equal(true);
      expect(valid('monitoring.review.escalated', { reviewRef: undefined, severity: undefined, crmRecordId: undefined, caseSequence: undefined })).to.equal(true);
    });

    it('refuses a missing required field, a value outside an enumerated set, a wrong type, and malformed formats', () => {
      expect(valid('case.created', { source: undefined })).to.equal(false);
      expect(valid('case.created', { source: 'fax' })).to.equal(false);
      expect(valid('case.created', { crmRecordId: undefined })).to.equal(false);
      expect(valid('case.created', { caseSequence: 0 })).to.equal(false);
      expect(valid('case.decision.made', { outcome: 'maybe' })).to.equal(false);
      expect(valid('document.processed', { confidence: 'high' })).to.equal(false);
      expect(valid('screening.hit.triaged', { confidence: 101 })).to.equal(false);
      expect(valid('risk.assessed', { bandId: 'extreme' })).to.equal(false);
      expect(valid('case.onboarding_progress.changed', { roster: [{ name: 'a', role: 'b', status: 'done', statusLabel: 'c' }] })).to.equal(false);
      expect(valid('monitoring.review.dispositioned', { disposition: 'maybe' })).to.equal(false);
      expect(valid('monitoring.review.opened', { severity: 'extreme' })).to.equal(false);
      expect(valid('monitoring.review.escalated', { escalationReason: undefined })).to.equal(false);
      expect(valid('monitoring.review.escalated', { occurrenceNo: 0 })).to.equal(false);
      expect(valid('owner.changed', { newOwner: { name: 'x' } })).to.equal(false);
      expect(valid('ping', { eventId: 'not-a-uuid' })).to.equal(false);
      expect(valid('ping', { timestamp: 'yesterday' })).to.equal(false);
      expect(valid('ping', { eventVersion: 2 })).to.equal(false);
      expect(valid('ping', { event: 'case.created' })).to.equal(false);
    });
  });
});
