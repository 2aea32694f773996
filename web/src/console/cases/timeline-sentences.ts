// The case timeline in sentences: one per event type of the contract, each starting with who did it (a
// member's name, "The customer", "The platform", an API client's name). Pure (no imports): the console's
// Activity tab renders it and test/web/timeline-sentences.test.ts checks it.

/** One event of the timeline as the case query gives it. */
export interface TimelineEvent {
  eventId: string;
  eventType: string;
  occurredAt: string;
  caseSequence: number;
  payload: Record<string, unknown>;
}

/** Who is who: members by email (their names) and the organisation's API clients by id. */
export interface Directory {
  members: { name?: string | null; email: string }[];
  apiClients?: { clientId: string; name: string }[];
}

/** The filter of the Activity tab: what a line is about. */
export const TIMELINE_KINDS = ['decisions', 'customer', 'documents', 'screening', 'risk', 'identity', 'outreach', 'monitoring', 'case', 'notes', 'assistant'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const KIND_LABELS: Record<TimelineKind, string> = {
  decisions: 'Decisions and escalations',
  customer: 'The customer',
  documents: 'Documents',
  screening: 'Screening',
  risk: 'Risk, routing and AI review',
  identity: 'People and identity',
  outreach: 'Outreach and EDD',
  monitoring: 'Monitoring',
  case: 'Case changes',
  notes: 'Notes',
  assistant: 'AI assistant reads',
};

/** A sentence: who (`actor`, capitalised) and what they did (`text`); `sentence` is both, ending with a full stop. */
export interface Described {
  kind: TimelineKind;
  actor: string;
  text: string;
  sentence: string;
}

/** One line of the timeline: one event, or several onboarding-progress events of one stage move. */
export interface TimelineLine extends Described {
  key: string;
  /** The newest event's time. */
  at: string;
  /** The events of the line, newest first (their payloads one click away). */
  events: TimelineEvent[];
}

export const THE_CUSTOMER = 'The customer';
export const THE_PLATFORM = 'The platform';

/** `1 document`, `2 documents`; `irregular` for plurals that do not add an s. */
export function plural(n: number, one: string, irregular?: string): string {
  return `${n} ${n === 1 ? one : irregular ?? `${one}s`}`;
}

/** `a`, `a and b`, `a, b and c`. */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const quoted = (s: string) => `“${s}”`;
const withText = (s: string, extra: string | null) => (extra ? `${s}: ${extra}` : s);

const STATUS_WORDS: Record<string, string> = {
  in_progress: 'in progress', in_review: 'in review', pending_senior: 'pending senior review', returned: 'returned from senior review',
  approved: 'approved', declined: 'declined',
};
const ROLE_WORDS: Record<string, string> = { director: 'director', ubo: 'beneficial owner', signatory: 'signatory', company: 'company' };
const ROUTING_WORDS: Record<string, string> = {
  AUTO_APPROVE: 'automatic approval', REVIEW_LEVEL_1: 'analyst review (level 1)', REVIEW_LEVEL_2: 'senior review (level 2)', DECLINE: 'automatic decline',
};
const DISPOSITION_WORDS: Record<string, string> = { true_match: 'true match', false_positive: 'false positive', escalate: 'escalate' };
const ESCALATION_REASONS: Record<string, string> = {
  analyst_escalate: 'the analyst could not call it', band_increase: 'a confirmed match raised the risk band', model_drift: 'the risk band moved on the current model',
};

/** Lower-case words for a code: `false_positive` -> `false positive`. */
function codeWords(code: string): string {
  return code.replace(/[_.]/g, ' ').toLowerCase();
}

/** Who an actor string of a payload is, in words: a member's name, the platform, an API client's name. */
export function actorName(value: unknown, dir: Directory): string {
  const s = str(value);
  if (!s || s === 'system' || s === 'policy_engine' || s === 'scheduled' || s.startsWith('system:')) return THE_PLATFORM;
  if (s === 'operator') return 'The service operator';
  if (s === 'customer') return THE_CUSTOMER;
  const client = /^(api_client|connector):(.+)$/.exec(s);
  if (client) {
    const name = dir.apiClients?.find((c) => c.clientId === client[2])?.name;
    return name ?? (client[1] === 'connector' ? 'A connected app' : 'An API client');
  }
  const member = dir.members.find((m) => m.email.toLowerCase() === s.toLowerCase());
  return member?.name?.trim() || s;
}

function roleWords(roles: unknown): string {
  const words = arr(roles).map((r) => ROLE_WORDS[String(r)] ?? codeWords(String(r)));
  return listWords([...new Set(words)]);
}

type Parts = { kind: TimelineKind; actor: string; text: string };

function caseCreated(p: Record<string, unknown>, dir: Directory): Parts {
  const company = str(p.companyName);
  const forCompany = company ? ` for ${company}` : '';
  switch (p.source) {
    case 'manual': return { kind: 'case', actor: actorName(p.createdBy, dir), text: `opened the case by hand${forCompany}` };
    case 'doc_upload': return { kind: 'customer', actor: THE_CUSTOMER, text: `opened the case by uploading documents${forCompany}` };
    case 'application_form': return { kind: 'customer', actor: THE_CUSTOMER, text: `opened the case with the application form${forCompany}` };
    case 'api': return { kind: 'case', actor: p.createdBy ? actorName(p.createdBy, dir) : 'An API client', text: `opened the case through the API${forCompany}` };
    default: return { kind: 'case', actor: p.createdBy ? actorName(p.createdBy, dir) : THE_PLATFORM, text: `opened the case${forCompany}` };
  }
}

function decisionMade(p: Record<string, unknown>, dir: Directory): Parts {
  const outcome = p.outcome === 'approved' ? 'approved' : 'declined';
  if (p.auto === true || p.analystEmail === 'policy_engine') {
    const why = p.reason === 'age_gate' ? 'the customer is under the minimum age' : 'the decision policy';
    return { kind: 'decisions', actor: THE_PLATFORM, text: `${outcome} the case automatically (${why})` };
  }
  return { kind: 'decisions', actor: actorName(p.analystEmail, dir), text: withText(`${outcome} the case`, str(p.notes)) };
}

function statusChanged(p: Record<string, unknown>, dir: Directory): Parts {
  const to = STATUS_WORDS[String(p.status)] ?? codeWords(String(p.status ?? ''));
  const from = STATUS_WORDS[String(p.previousStatus)] ?? null;
  const rec = str(p.recommendation);
  return {
    kind: 'decisions', actor: actorName(p.changedBy, dir),
    text: `moved the case ${from ? `from ${from} ` : ''}to ${to}${rec ? `, recommending ${codeWords(rec)}` : ''}`,
  };
}

function dataCorrected(p: Record<string, unknown>, dir: Directory): Parts {
  if (p.source === 'customer_review') {
    const n = num(p.amendmentCount) ?? arr(p.amendments).length;
    return { kind: 'customer', actor: THE_CUSTOMER, text: `corrected ${plural(n, 'extracted value')} while reviewing their documents` };
  }
  const to = p.correctedValue === 'escalated' ? 'escalated it for senior review' : 'approved it by hand';
  const doc = num(p.documentId);
  return {
    kind: 'documents', actor: actorName(p.by, dir),
    text: withText(`overrode the error of document${doc !== null ? ` #${doc}` : ''} and ${to}`, str(p.note) ?? str(p.reason)),
  };
}

function ownerChanged(p: Record<string, unknown>, dir: Directory): Parts {
  const owner = obj(p.newOwner);
  const previous = obj(p.previousOwner);
  const who = (o: Record<string, unknown>) => actorName(o.email, { members: [{ name: str(o.name), email: String(o.email ?? '') }, ...dir.members] });
  if (p.reason === 'member_removed') {
    return { kind: 'case', actor: THE_PLATFORM, text: `cleared the owner${previous ? ` (${who(previous)} left the organisation)` : ''}` };
  }
  const actor = p.changedBy ? actorName(p.changedBy, dir) : THE_PLATFORM;
  if (!owner) return { kind: 'case', actor, text: `removed the owner${previous ? ` (was ${who(previous)})` : ''}` };
  return { kind: 'case', actor, text: `assigned the case to ${who(owner)}${previous ? ` (was ${who(previous)})` : ''}` };
}

function progress(p: Record<string, unknown>): Parts {
  const stage = str(p.stageLabel) ?? codeWords(String(p.stage ?? ''));
  const now = verifiedWords(p);
  return { kind: 'case', actor: 'The case', text: `reached the stage ${quoted(stage)}${now ? ` (${now})` : ''}` };
}

function documentsUploaded(p: Record<string, unknown>): Parts {
  const names = arr(p.filenames).map(String);
  const n = num(p.fileCount) ?? names.length;
  return { kind: 'customer', actor: THE_CUSTOMER, text: withText(`uploaded ${plural(n, 'document')}`, names.length ? listWords(names) : null) };
}

function documentProcessed(p: Record<string, unknown>): Parts {
  const notes = [
    str(p.confidence) ? `${String(p.confidence).toLowerCase()} confidence` : null,
    num(p.warningCount) ? plural(num(p.warningCount)!, 'warning') : null,
    num(p.missingFieldCount) ? plural(num(p.missingFieldCount)!, 'missing field') : null,
  ].filter(Boolean);
  const type = str(p.documentType);
  return {
    kind: 'documents', actor: THE_PLATFORM,
    text: `read ${str(p.filename) ?? 'a document'}${type ? ` as ${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}` : ''}${notes.length ? ` (${notes.join(', ')})` : ''}`,
  };
}

function screeningCompleted(p: Record<string, unknown>): Parts {
  const summary = arr(p.summary).map((s) => obj(s) ?? {});
  const companies = summary.filter((s) => s.role === 'company').length;
  const people = (num(p.screened) ?? summary.length) - companies;
  const who = listWords([people > 0 ? plural(people, 'person', 'people') : '', companies > 0 ? plural(companies, 'company', 'companies') : ''].filter(Boolean));
  const count = (status: string) => summary.filter((s) => s.status === status).length;
  const found = [
    count('sanctioned') ? plural(count('sanctioned'), 'sanctions match', 'sanctions matches') : '',
    count('pep') ? plural(count('pep'), 'politically exposed person', 'politically exposed people') : '',
    count('match') ? plural(count('match'), 'possible match', 'possible matches') : '',
  ].filter(Boolean);
  return { kind: 'screening', actor: THE_PLATFORM, text: `screened ${who || 'nobody'}: ${found.length ? listWords(found) : 'all clear'}` };
}

function hitDetected(p: Record<string, unknown>): Parts {
  const flags = [p.isSanctioned ? 'sanctioned' : '', p.isPep ? 'politically exposed' : '', num(p.score) !== null ? `score ${num(p.score)}` : ''].filter(Boolean);
  const on = str(p.subjectName) ? ` for ${str(p.subjectName)}` : '';
  const entry = str(p.caption) ? `: ${quoted(str(p.caption)!)}` : '';
  const actor = p.source === 'vendor_native_monitoring' ? 'The screening vendor' : THE_PLATFORM;
  return { kind: 'screening', actor, text: `found a possible match${on}${entry}${flags.length ? ` (${flags.join(', ')})` : ''}` };
}

function hitTriaged(p: Record<string, unknown>): Parts {
  const on = str(p.subjectName) ? ` on ${str(p.subjectName)}` : '';
  if (p.status === 'failed') return { kind: 'screening', actor: 'The AI triage', text: `could not assess the hit${on}` };
  const d = DISPOSITION_WORDS[String(p.disposition)] ?? codeWords(String(p.disposition ?? ''));
  const conf = num(p.confidence);
  return { kind: 'screening', actor: 'The AI triage', text: withText(`suggested ${quoted(d)} for the hit${on}${conf !== null ? ` (${conf}% confident)` : ''}`, str(p.shortReason)) };
}

function aiReview(p: Record<string, unknown>, dir: Directory): Parts {
  const n = num(p.riskFactorCount) ?? arr(p.riskFactors).length;
  const conf = str(p.confidence)?.toLowerCase();
  return {
    kind: 'risk', actor: actorName(p.triggeredBy, dir),
    text: `ran the AI review: it recommends ${String(p.recommendation ?? '').toLowerCase() === 'refer' ? 'referring to an analyst' : `to ${String(p.recommendation ?? '').toLowerCase()}`}${conf ? ` with ${conf} confidence` : ''} (${plural(n, 'risk factor')})`,
  };
}

function riskAssessed(p: Record<string, unknown>, dir: Directory): Parts {
  const band = str(p.bandLabel) ?? codeWords(String(p.bandId ?? ''));
  const score = num(p.compositeScore);
  const by = actorName(p.assessedBy, dir);
  return { kind: 'risk', actor: by, text: `${by === THE_PLATFORM ? 'assessed' : 'recomputed'} the risk: ${band}${score !== null ? ` (score ${score})` : ''}` };
}

function routed(p: Record<string, unknown>): Parts {
  const to = ROUTING_WORDS[String(p.outcome)] ?? codeWords(String(p.outcome ?? ''));
  const rule = num(p.matchedRuleIndex);
  const policy = str(p.policyName);
  return {
    kind: 'risk', actor: 'The decision policy',
    text: `routed the case to ${to} (${rule !== null ? `rule ${rule + 1}` : 'the default rule'}${policy ? ` of ${quoted(policy)}` : ''})`,
  };
}

function eddChanged(p: Record<string, unknown>, dir: Directory): Parts {
  const was = str(p.previousStatus);
  return {
    kind: 'outreach', actor: actorName(p.updatedBy, dir),
    text: withText(`marked the EDD item ${quoted(str(p.label) ?? String(p.reqKey ?? ''))} as ${codeWords(String(p.status ?? ''))}${was && was !== p.status ? ` (was ${codeWords(was)})` : ''}`, str(p.note)),
  };
}

function itemLabels(p: Record<string, unknown>): string | null {
  const labels = arr(p.items).map((i) => str(obj(i)?.label)).filter((l): l is string => l !== null);
  return labels.length ? listWords(labels) : null;
}

function eddRequested(p: Record<string, unknown>, dir: Directory): Parts {
  const n = num(p.itemCount) ?? arr(p.items).length;
  return { kind: 'outreach', actor: actorName(p.sentBy, dir), text: withText(`asked the customer for ${plural(n, 'EDD item')}`, itemLabels(p)) };
}

function outreachSent(p: Record<string, unknown>, dir: Directory): Parts {
  const n = num(p.itemCount) ?? arr(p.items).length;
  const what = p.kind === 'document_request' ? 'a document request' : `an email (${codeWords(String(p.kind ?? 'outreach'))})`;
  return {
    kind: 'outreach', actor: actorName(p.sentBy, dir),
    text: withText(`emailed the customer ${what}${n ? ` for ${plural(n, 'item')}` : ''}`, itemLabels(p) ?? str(p.subject)),
  };
}

function idvDispatched(p: Record<string, unknown>, dir: Directory): Parts {
  const by = actorName(p.dispatchedBy, dir);
  const roles = roleWords(p.roles);
  return {
    kind: 'identity', actor: by,
    text: `sent ${str(p.recipientName) ?? 'a person'}${roles ? ` (${roles})` : ''} ${by === THE_PLATFORM ? 'a' : 'a new'} verification link`,
  };
}

function idvCompleted(p: Record<string, unknown>): Parts {
  const outcome = p.outcome === 'pass' ? 'passed' : p.outcome === 'fail' ? 'failed' : 'needs a manual review';
  const role = ROLE_WORDS[String(p.role)] ?? codeWords(String(p.role ?? 'person'));
  const pos = num(p.position);
  return {
    kind: 'identity', actor: `The verifier${str(p.vendorName) ? ` (${str(p.vendorName)})` : ''}`,
    text: `reported that the identity check of the ${role}${pos !== null ? ` at position ${pos + 1}` : ''} ${outcome}`,
  };
}

function satisfied(p: Record<string, unknown>): Parts {
  const doc = num(p.satisfiedByDocId);
  return {
    kind: 'identity', actor: THE_PLATFORM,
    text: `accepted the ID document on file${doc !== null ? ` (#${doc})` : ''} for ${str(p.personName) ?? 'a person'} instead of sending a verification link`,
  };
}

function monitoringReview(type: string, p: Record<string, unknown>, dir: Directory): Parts {
  const ref = str(p.reviewRef) ? ` ${str(p.reviewRef)}` : '';
  const alert = codeWords(String(p.alertType ?? 'alert'));
  switch (type) {
    case 'monitoring.review.opened': return { kind: 'monitoring', actor: THE_PLATFORM, text: `opened the monitoring review${ref} for a ${alert}` };
    case 'monitoring.review.dispositioned': {
      const d = DISPOSITION_WORDS[String(p.disposition)] ?? codeWords(String(p.disposition ?? ''));
      return { kind: 'monitoring', actor: actorName(p.dispositionBy, dir), text: `concluded the monitoring review${ref}: ${d}${p.isReversal ? ' (reversing an earlier false positive)' : ''}` };
    }
    case 'monitoring.review.escalated': {
      const why = ESCALATION_REASONS[String(p.escalationReason)] ?? codeWords(String(p.escalationReason ?? ''));
      return { kind: 'monitoring', actor: THE_PLATFORM, text: `handed the monitoring review${ref} to the MLRO (${why})` };
    }
    case 'monitoring.review.closed': {
      const d = DISPOSITION_WORDS[String(p.disposition)] ?? codeWords(String(p.disposition ?? ''));
      return { kind: 'monitoring', actor: actorName(p.approvedBy ?? p.dispositionBy, dir), text: `closed the monitoring review${ref}: ${d}` };
    }
    default: return { kind: 'monitoring', actor: actorName(p.reopenedBy, dir), text: `reopened the monitoring review${ref}` };
  }
}

function parts(e: TimelineEvent, dir: Directory): Parts {
  const p = e.payload;
  switch (e.eventType) {
    case 'case.created': return caseCreated(p, dir);
    case 'case.submitted':
      return { kind: 'customer', actor: THE_CUSTOMER, text: p.source === 'doc_upload' ? 'confirmed the review of their documents' : 'submitted the application' };
    case 'case.decision.made': return decisionMade(p, dir);
    case 'case.status.changed': return statusChanged(p, dir);
    case 'data.corrected': return dataCorrected(p, dir);
    case 'owner.changed': return ownerChanged(p, dir);
    case 'case.onboarding_progress.changed': return progress(p);
    case 'case.data_package.delivered': return { kind: 'case', actor: THE_PLATFORM, text: 'delivered the full case file to the CRM' };
    case 'document.uploaded': return documentsUploaded(p);
    case 'document.processed': return documentProcessed(p);
    case 'screening.completed': return screeningCompleted(p);
    case 'screening.hit.detected': return hitDetected(p);
    case 'screening.hit.triaged': return hitTriaged(p);
    case 'ai_review.completed': return aiReview(p, dir);
    case 'risk.assessed': return riskAssessed(p, dir);
    case 'routing.evaluated': return routed(p);
    case 'edd.requirements.changed': return eddChanged(p, dir);
    case 'edd.requested': return eddRequested(p, dir);
    case 'idv.dispatched': return idvDispatched(p, dir);
    case 'idv.completed': return idvCompleted(p);
    case 'idv.satisfied_by_document': return satisfied(p);
    case 'outreach.email.sent': return outreachSent(p, dir);
    case 'escalation.created': return { kind: 'decisions', actor: actorName(p.raisedBy, dir), text: withText('escalated the case for senior review', str(p.note)) };
    case 'escalation.responded':
      return { kind: 'decisions', actor: actorName(p.respondedBy, dir), text: withText(`answered the escalation, recommending ${codeWords(String(p.recommendation ?? ''))}`, str(p.note)) };
    case 'person.linked':
      return { kind: 'identity', actor: actorName(p.linkedBy, dir), text: `linked ${str(p.displayName) ?? 'a person'} to person #${String(p.personId)} in the registry` };
    case 'person.unlinked':
      return { kind: 'identity', actor: actorName(p.unlinkedBy, dir), text: withText(`unlinked person #${String(p.personId)}`, str(p.reason)) };
    case 'person.marked_new':
      return { kind: 'identity', actor: actorName(p.resolvedBy, dir), text: `registered ${str(p.displayName) ?? 'a person'} as a new person (#${String(p.personId)})` };
    case 'person.document_attached':
      return {
        kind: 'identity', actor: actorName(p.attachedBy, dir),
        text: `attached document #${String(p.documentId)}${str(p.documentType) ? ` (${str(p.documentType)})` : ''} to person #${String(p.personId)} for reuse`,
      };
    case 'monitoring.alert.created':
      return { kind: 'monitoring', actor: 'Monitoring', text: withText(`raised a ${codeWords(String(p.severity ?? ''))} alert`, str(p.title)) };
    case 'monitoring.run.completed': {
      const n = num(p.alertsGenerated) ?? 0;
      return { kind: 'monitoring', actor: actorName(p.triggeredBy, dir), text: `ran monitoring: ${n === 0 ? 'no new alerts' : plural(n, 'new alert')}` };
    }
    case 'monitoring.review.opened':
    case 'monitoring.review.dispositioned':
    case 'monitoring.review.escalated':
    case 'monitoring.review.closed':
    case 'monitoring.review.reopened':
      return monitoringReview(e.eventType, p, dir);
    case 'ping': return { kind: 'case', actor: THE_PLATFORM, text: 'sent a test event' };
    default: return { kind: 'case', actor: THE_PLATFORM, text: `recorded ${quoted(e.eventType)}` };
  }
}

/** The sentence of one event. */
export function describeEvent(e: TimelineEvent, dir: Directory): Described {
  const { kind, actor, text } = parts(e, dir);
  const sentence = `${actor} ${text}`;
  return { kind, actor, text, sentence: /[.!?…]$/.test(sentence) ? sentence : `${sentence}.` };
}

/** The roster summary of a progress event in words: `1 of 2 people verified`, or null without people. */
function verifiedWords(p: Record<string, unknown>): string | null {
  const summary = obj(p.summary);
  const total = num(summary?.total) ?? 0;
  return total > 0 ? `${num(summary?.verified) ?? 0} of ${plural(total, 'person', 'people')} verified` : null;
}

/**
 * The events (newest first) as lines, newest first: one per event, except case.onboarding_progress.changed:
 * one line per stage move, holding the roster updates that followed it at the same stage (how many, and the
 * newest roster summary); each line keeps its events so their payloads stay one click away.
 */
export function timelineLines(events: TimelineEvent[], dir: Directory): TimelineLine[] {
  const PROGRESS = 'case.onboarding_progress.changed';
  const lines: TimelineLine[] = [];
  let stageLine: TimelineLine | null = null;
  for (const e of [...events].reverse()) {
    if (e.eventType === PROGRESS && stageLine && stageLine.events[0]!.payload.stage === e.payload.stage) {
      stageLine.events.unshift(e);
      const updates = stageLine.events.length - 1;
      const stage = str(e.payload.stageLabel) ?? codeWords(String(e.payload.stage ?? ''));
      const now = verifiedWords(e.payload);
      stageLine.text = `reached the stage ${quoted(stage)}, then ${plural(updates, 'roster update')}${now ? ` (now ${now})` : ''}`;
      stageLine.sentence = `${stageLine.actor} ${stageLine.text}.`;
      continue;
    }
    const line: TimelineLine = { key: e.eventId, at: e.occurredAt, events: [e], ...describeEvent(e, dir) };
    if (e.eventType === PROGRESS) stageLine = line;
    lines.push(line);
  }
  return lines.reverse();
}
