import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { CASE_SOURCES, CASE_STATUSES, DECISION_OUTCOMES, DECISION_REASONS, ONBOARDING_STAGES, RISK_BANDS, ROSTER_STATUSES } from '../src/cases/index';
import { PullFullParitySchema } from '../src/decisions/index';
import { DOCUMENT_CONFIDENCES } from '../src/documents/index';
import { readSchemaSources } from '../src/events/index';
import { DISPOSITIONS, HIT_ENTITY_SCHEMAS, HIT_SOURCES, TRIAGE_STATUSES } from '../src/screening/index';
import { EXAMPLE_FIELDS } from '../src/events/index';

type Node = { properties?: Record<string, Node>; items?: Node; enum?: unknown[]; anyOf?: Node[]; $ref?: string };

describe('wire shapes and the published event schemas', () => {
  const sources = readSchemaSources();
  const event = (type: string) => sources.events.find((e) => e.type === type)!.schema as Node;
  const common = (name: string) => sources.common.find((c) => c.name === name)!.schema as Node;
  const at = (node: Node, path: string[]): Node => path.reduce((n, key) => (key === '[]' ? n.items! : n.properties![key]!), node);

  it('use the same value lists as the domain\'s enums, wherever an event carries one', () => {
    const pairs: [readonly unknown[], string, string[]][] = [
      [CASE_STATUSES, 'case.status.changed', ['status']],
      [CASE_STATUSES, 'case.status.changed', ['previousStatus']],
      [CASE_SOURCES, 'case.created', ['source']],
      [ONBOARDING_STAGES, 'case.onboarding_progress.changed', ['stage']],
      [ROSTER_STATUSES, 'case.onboarding_progress.changed', ['roster', '[]', 'status']],
      [DECISION_OUTCOMES, 'case.decision.made', ['outcome']],
      [DECISION_REASONS, 'case.decision.made', ['reason']],
      [RISK_BANDS, 'risk.assessed', ['bandId']],
      [DOCUMENT_CONFIDENCES, 'document.processed', ['confidence']],
      [HIT_SOURCES, 'screening.hit.detected', ['source']],
      [[...HIT_ENTITY_SCHEMAS, null], 'screening.hit.detected', ['schema']],
      [TRIAGE_STATUSES, 'screening.hit.triaged', ['status']],
      [DISPOSITIONS, 'screening.hit.triaged', ['disposition']],
    ];
    for (const [values, type, path] of pairs) {
      expect([...at(event(type), path).enum!].sort(), `${type} ${path.join('.')}`).to.deep.equal([...values].sort());
    }
  });

  it('PullFullParity has the fields of the event\'s FullParity at every level, and accepts every value the event does', () => {
    const fields = (node: Node, prefix = ''): string[] => Object.entries(node.properties ?? {}).flatMap(([k, nullable]) => {
      // A nullable part (anyOf [x, null]) is walked as its non-null branch (the pull API's purged parts are nullable).
      const v = nullable.anyOf?.find((n) => n.properties || n.items) ?? nullable;
      const inner = v.anyOf?.find((n) => n.properties) ?? (v.items?.properties ? v.items : v.items?.$ref ? common('owner.v1.json') : v);
      return [`${prefix}${k}`, ...fields(inner.properties ? inner : {}, `${prefix}${k}.`)];
    });
    const pull = JSON.parse(JSON.stringify(PullFullParitySchema)) as Node;
    // purgedAt is the pull API's own (zero retention, docs/retention.md): the event is emitted before any purge.
    expect(fields(pull).filter((f) => f !== 'purgedAt')).to.deep.equal(fields(common('full-parity.v1.json')));

    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const check = ajv.compile(pull);
    expect(check(EXAMPLE_FIELDS['case.data_package.delivered'].fullParity), JSON.stringify(check.errors)).to.equal(true);
  });
});
