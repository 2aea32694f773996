import { expect } from 'chai';
import { EVENT_TYPES } from '../../src/events/index';
import { loadWebModule } from '../support/web-module';

// The web module's types, as this test uses them (web/ is not part of the server's program).
interface TimelineEvent { eventId: string; eventType: string; occurredAt: string; caseSequence: number; payload: Record<string, unknown> }
interface Directory { members: { name?: string | null; email: string }[]; apiClients?: { clientId: string; name: string }[] }
interface Line { kind: string; actor: string; text: string; sentence: string; key: string; at: string; events: TimelineEvent[] }
const { actorName, describeEvent, plural, timelineLines } = loadWebModule<{
  actorName(value: unknown, dir: Directory): string;
  describeEvent(e: TimelineEvent, dir: Directory): { kind: string; actor: string; text: string; sentence: string };
  plural(n: number, one: string, irregular?: string): string;
  timelineLines(events: TimelineEvent[], dir: Directory): Line[];
}>('web/src/console/cases/timeline-sentences.ts');

const dir: Directory = {
  members: [{ name: 'Jane Analyst', email: 'jane@bank.example' }, { name: 'Mo Senior', email: 'mo@bank.example' }],
  apiClients: [{ clientId: 'cli_1', name: 'Salesforce sync' }],
};

let seq = 0;
const ev = (eventType: string, payload: Record<string, unknown>): TimelineEvent => ({
  eventId: `e${++seq}`, eventType, occurredAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(), caseSequence: seq, payload,
});
const say = (eventType: string, payload: Record<string, unknown>) => describeEvent(ev(eventType, payload), dir).sentence;

/** One payload per event type of the contract (ping aside), and the sentence the Activity tab shows. */
const EXAMPLES: [string, Record<string, unknown>, string][] = [
  ['case.created', { source: 'manual', createdBy: 'jane@bank.example', companyName: 'Northwind Ltd' }, 'Jane Analyst opened the case by hand for Northwind Ltd.'],
  ['case.submitted', { source: 'application_form' }, 'The customer submitted the application.'],
  ['case.decision.made', { outcome: 'approved', notes: 'All checks clear.', analystEmail: 'jane@bank.example' }, 'Jane Analyst approved the case: All checks clear.'],
  ['case.status.changed', { status: 'approved', previousStatus: 'in_review', changedBy: 'jane@bank.example' }, 'Jane Analyst moved the case from in review to approved.'],
  ['data.corrected', { source: 'customer_review', amendmentCount: 2, amendments: [] }, 'The customer corrected 2 extracted values while reviewing their documents.'],
  ['owner.changed', { previousOwner: null, newOwner: { name: 'Mo Senior', email: 'mo@bank.example' }, changedBy: 'jane@bank.example' }, 'Jane Analyst assigned the case to Mo Senior.'],
  ['case.onboarding_progress.changed', { stage: 'invite_sent', stageLabel: 'Invite sent', summary: { verified: 0, total: 0 }, roster: [] }, 'The case reached the stage “Invite sent”.'],
  ['case.data_package.delivered', { outcome: 'approved' }, 'The platform delivered the full case file to the CRM.'],
  ['document.uploaded', { documentIds: [1, 2], fileCount: 2, filenames: ['a.pdf', 'b.pdf'] }, 'The customer uploaded 2 documents: a.pdf and b.pdf.'],
  ['document.processed', { documentId: 3, documentType: 'Passport', filename: 'p.pdf', status: 'complete', confidence: 'High', warningCount: 1, missingFieldCount: 0 },
    'The platform read p.pdf as a Passport (high confidence, 1 warning).'],
  ['screening.completed', { screened: 3, summary: [{ name: 'A', role: 'director', status: 'clear' }, { name: 'B', role: 'ubo', status: 'match' }, { name: 'C', role: 'company', status: 'clear' }] },
    'The platform screened 2 people and 1 company: 1 possible match.'],
  ['screening.hit.detected', { hitId: 'h1', subjectName: 'John Doe', caption: 'JOHN DOE', isPep: false, isSanctioned: true, score: 0.92, source: 'screening' },
    'The platform found a possible match for John Doe: “JOHN DOE” (sanctioned, score 0.92).'],
  ['screening.hit.triaged', { hitId: 'h1', subjectName: 'John Doe', status: 'complete', confidence: 85, disposition: 'false_positive', shortReason: 'Different birth year.' },
    'The AI triage suggested “false positive” for the hit on John Doe (85% confident): Different birth year.'],
  ['ai_review.completed', { triggeredBy: 'system:form-submission:c@x.example', recommendation: 'Refer', confidence: 'Medium', riskFactorCount: 1 },
    'The platform ran the AI review: it recommends referring to an analyst with medium confidence (1 risk factor).'],
  ['risk.assessed', { bandId: 'medium', bandLabel: 'Medium', compositeScore: 42, assessedBy: 'jane@bank.example' }, 'Jane Analyst recomputed the risk: Medium (score 42).'],
  ['routing.evaluated', { policyName: 'Default policy', matchedRuleIndex: 1, outcome: 'REVIEW_LEVEL_1' }, 'The decision policy routed the case to analyst review (level 1) (rule 2 of “Default policy”).'],
  ['edd.requirements.changed', { reqKey: 'sow', label: 'Source of wealth', status: 'received', previousStatus: 'outstanding', note: '', updatedBy: 'jane@bank.example' },
    'Jane Analyst marked the EDD item “Source of wealth” as received (was outstanding).'],
  ['edd.requested', { itemCount: 1, items: [{ key: 'sow', label: 'Source of wealth' }], sentBy: 'jane@bank.example' }, 'Jane Analyst asked the customer for 1 EDD item: Source of wealth.'],
  ['idv.dispatched', { recipientName: 'Grace Hopper', roles: ['director', 'ubo'], dispatchedBy: 'system' }, 'The platform sent Grace Hopper (director and beneficial owner) a verification link.'],
  ['idv.completed', { vendorName: 'local', position: 0, role: 'director', outcome: 'pass' }, 'The verifier (local) reported that the identity check of the director at position 1 passed.'],
  ['idv.satisfied_by_document', { personName: 'Grace Hopper', satisfiedByDocId: 7 }, 'The platform accepted the ID document on file (#7) for Grace Hopper instead of sending a verification link.'],
  ['outreach.email.sent', { kind: 'document_request', subject: 'Documents', itemCount: 2, items: [{ key: 'a', label: 'Bank statement' }, { key: 'b', label: 'Utility bill' }], sentBy: 'mo@bank.example' },
    'Mo Senior emailed the customer a document request for 2 items: Bank statement and Utility bill.'],
  ['escalation.created', { note: 'Unclear ownership.', raisedBy: 'jane@bank.example' }, 'Jane Analyst escalated the case for senior review: Unclear ownership.'],
  ['escalation.responded', { recommendation: 'approve', note: 'Fine.', respondedBy: 'mo@bank.example' }, 'Mo Senior answered the escalation, recommending approve: Fine.'],
  ['person.linked', { personId: 4, displayName: 'Grace Hopper', linkedBy: 'jane@bank.example' }, 'Jane Analyst linked Grace Hopper to person #4 in the registry.'],
  ['person.unlinked', { personId: 4, unlinkedBy: 'jane@bank.example', reason: 'Different person.' }, 'Jane Analyst unlinked person #4: Different person.'],
  ['person.marked_new', { personId: 5, displayName: 'Ada Lovelace', resolvedBy: 'jane@bank.example' }, 'Jane Analyst registered Ada Lovelace as a new person (#5).'],
  ['person.document_attached', { personId: 5, documentId: 9, documentType: 'Passport', attachedBy: 'jane@bank.example' }, 'Jane Analyst attached document #9 (Passport) to person #5 for reuse.'],
  ['monitoring.alert.created', { severity: 'high', title: 'New sanctions listing' }, 'Monitoring raised a high alert: New sanctions listing.'],
  ['monitoring.run.completed', { triggeredBy: 'scheduled', alertsGenerated: 0 }, 'The platform ran monitoring: no new alerts.'],
  ['monitoring.review.opened', { reviewRef: 'MR-1', alertType: 'sanctions_hit' }, 'The platform opened the monitoring review MR-1 for a sanctions hit.'],
  ['monitoring.review.dispositioned', { reviewRef: 'MR-1', disposition: 'false_positive', dispositionBy: 'jane@bank.example' }, 'Jane Analyst concluded the monitoring review MR-1: false positive.'],
  ['monitoring.review.escalated', { reviewRef: 'MR-1', escalationReason: 'band_increase' }, 'The platform handed the monitoring review MR-1 to the MLRO (a confirmed match raised the risk band).'],
  ['monitoring.review.closed', { reviewRef: 'MR-1', disposition: 'false_positive', approvedBy: 'mo@bank.example' }, 'Mo Senior closed the monitoring review MR-1: false positive.'],
  ['monitoring.review.reopened', { reviewRef: 'MR-1', reopenedBy: 'mo@bank.example' }, 'Mo Senior reopened the monitoring review MR-1.'],
];

describe('web: the case timeline in sentences (timeline-sentences.ts)', () => {
  it('has a sentence for every event type of the contract, naming the actor', () => {
    expect(EXAMPLES.map(([t]) => t).sort()).to.deep.equal(EVENT_TYPES.filter((t) => t !== 'ping').slice().sort());
    for (const [type, payload, sentence] of EXAMPLES) expect(say(type, payload), type).to.equal(sentence);
  });

  it('names the actor: a member by name, the platform, an API client by its name, the customer; an unknown email as it is', () => {
    expect(actorName('jane@bank.example', dir)).to.equal('Jane Analyst');
    expect(actorName('JANE@bank.example', dir)).to.equal('Jane Analyst');
    for (const v of ['system', 'policy_engine', 'scheduled', 'system:confirm-review:c@x.example', null, undefined, '']) expect(actorName(v, dir)).to.equal('The platform');
    expect(actorName('api_client:cli_1', dir)).to.equal('Salesforce sync');
    expect(actorName('api_client:cli_gone', dir)).to.equal('An API client');
    expect(actorName('gone@bank.example', dir)).to.equal('gone@bank.example');
    expect(say('case.created', { source: 'api', companyName: 'Api Ltd' })).to.equal('An API client opened the case through the API for Api Ltd.');
    expect(say('case.decision.made', { outcome: 'declined', analystEmail: 'policy_engine', auto: true, reason: 'age_gate' }))
      .to.equal('The platform declined the case automatically (the customer is under the minimum age).');
    expect(say('data.corrected', { source: 'analyst_override', documentId: 3, correctedValue: 'approved', note: 'Readable.', by: 'api_client:cli_1' }))
      .to.equal('Salesforce sync overrode the error of document #3 and approved it by hand: Readable.');
    expect(say('owner.changed', { previousOwner: { name: 'Mo Senior', email: 'mo@bank.example' }, newOwner: null, changedBy: 'jane@bank.example', reason: 'member_removed' }))
      .to.equal('The platform cleared the owner (Mo Senior left the organisation).');
  });

  it('pluralises counts in words, never "(s)"', () => {
    expect([plural(1, 'document'), plural(2, 'document'), plural(0, 'document'), plural(1, 'person', 'people'), plural(3, 'person', 'people')])
      .to.deep.equal(['1 document', '2 documents', '0 documents', '1 person', '3 people']);
    expect(say('document.uploaded', { fileCount: 1, filenames: ['only.pdf'] })).to.equal('The customer uploaded 1 document: only.pdf.');
  });

  it('collapses the roster updates after a stage move into the stage move\'s line, keeping every event for its payload', () => {
    const progress = (stage: string, label: string, verified: number) =>
      ev('case.onboarding_progress.changed', { stage, stageLabel: label, summary: { verified, total: 2 }, roster: [] });
    const oldestFirst = [
      progress('invite_sent', 'Invite sent', 0),
      progress('awaiting_id_verification', 'Awaiting ID verification', 0),
      ev('idv.dispatched', { recipientName: 'Grace Hopper', roles: ['director'], dispatchedBy: 'jane@bank.example' }),
      progress('awaiting_id_verification', 'Awaiting ID verification', 1),
      progress('awaiting_id_verification', 'Awaiting ID verification', 2),
      progress('in_screening', 'In screening', 2),
    ];
    const lines = timelineLines([...oldestFirst].reverse(), dir);
    expect(lines.map((l) => l.sentence)).to.deep.equal([
      'The case reached the stage “In screening” (2 of 2 people verified).',
      'Jane Analyst sent Grace Hopper (director) a new verification link.',
      'The case reached the stage “Awaiting ID verification”, then 2 roster updates (now 2 of 2 people verified).',
      'The case reached the stage “Invite sent” (0 of 2 people verified).',
    ]);
    expect(lines[2]!.events.map((e) => e.eventId)).to.deep.equal([oldestFirst[4]!, oldestFirst[3]!, oldestFirst[1]!].map((e) => e.eventId));
    expect(lines.map((l) => l.kind)).to.deep.equal(['case', 'identity', 'case', 'case']);
  });
});
