import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading, Link } from 'react-aria-components';
import { useParams } from 'react-router';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { DisclosureArrow } from '../../ui/disclosure';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { SelectField } from '../../ui/select-field';
import { useSignInOnUnauthenticated } from '../require-member';
import { CaseActions } from './case-actions';
import { AiReviewSection } from './case-ai-review';
import { Documents } from './case-documents';
import { EddOutreachSections } from './case-edd';
import { RiskSection } from './case-risk';
import { PeopleSection } from './case-people';
import { MonitoringSection } from './case-monitoring';
import { RoutingSection } from './case-routing';
import { IdentityVerificationSection } from './case-identity';
import { ScreeningHits } from './case-screening';
import { AssignOwnerMutation, CaseQuery, CaseTimelineQuery } from './case-query';
import { NoteComposer, NoteEntry } from './case-notes';
import { CaseTagEditor } from './case-tag-editor';
import { Decisions } from './case-decisions';
import { RISK_LABELS, riskClass, sourceBadge, STAGE_LABELS, STATUS_LABELS, statusClass, day, when, words } from './labels';
import { SlaBadge } from './sla-badge';

type CaseData = NonNullable<ConsoleCaseQuery['case']>;
type Members = ConsoleCaseQuery['members'];
type TimelinePage = CaseData['timeline'];
type AssistantReads = CaseData['assistantReads'];
type Notes = CaseData['notes'];

const TIMELINE_PAGE = 50;
const AREA = 'Compliance console';

/** One case: where the contract's analystUrl ({APP_URL}/cases?case=<id>) lands. */
export function CasePage() {
  const { caseId = '' } = useParams();
  const onError = useSignInOnUnauthenticated();
  const [version, setVersion] = useState(0);
  const [said, setSaid] = useState<{ caseId: string; message: string } | null>(null);
  const notice = said?.caseId === caseId ? said.message : null;
  const data = useRequest(() => execute(CaseQuery, { caseId, timelineFirst: TIMELINE_PAGE }), `${caseId}|${version}`, onError);
  const done = (message: string) => {
    setSaid({ caseId, message });
    setVersion((v) => v + 1);
  };

  // While a change reloads the case, the page keeps showing what it had (no flash of a loading page, and
  // the controls keep their focus).
  const [shown, setShown] = useState<{ caseId: string; data: ConsoleCaseQuery } | null>(null);
  if (data.status === 'done' && shown?.data !== data.data) setShown({ caseId, data: data.data });
  const current = data.status === 'done' ? data.data : shown?.caseId === caseId ? shown.data : undefined;

  if (data.status === 'error') {
    return <Page title={`Case ${caseId}`} area={AREA}><ErrorNotice error={data.error} onRetry={data.reload} /></Page>;
  }
  if (!current) {
    return <Page title={`Case ${caseId}`} area={AREA}><Loading label="Loading the case…" /></Page>;
  }
  const c = current.case;
  if (!c) {
    return (
      <Page title={`Case ${caseId}`} area={AREA}>
        <p className="empty">There is no case {caseId} in your organisation.</p>
        <p><Link href="/console/cases">All cases</Link></p>
      </Page>
    );
  }

  return (
    <Page title={c.companyName ?? `Case ${c.caseId}`} area={AREA} lead={<>Case {c.caseId} · {c.reference} · <span className={c.source === 'api' ? 'badge badge-api' : 'badge badge-neutral'}>{sourceBadge(c.source, c.crmSource)}</span></>}>
      <p><Link href="/console/cases">All cases</Link></p>
      <div role="status" aria-live="polite">{notice ? <p className="notice notice-ok">{notice}</p> : null}</div>
      {data.status === 'loading' ? <Loading label="Updating…" /> : null}

      {c.purgedAt ? (
        <p className="notice notice-neutral">
          <strong>Personal data purged on {day(c.purgedAt)}.</strong> Zero retention removed it once the full case file was delivered; the
          decision, risk band and screening counts stay.
        </p>
      ) : null}

      <dl className="facts case-facts">
        <dt>Status</dt>
        <dd><span className={statusClass(c.status)}>{STATUS_LABELS[c.status]}</span></dd>
        <dt>SLA</dt>
        <dd data-testid="case-sla"><SlaBadge sla={c.sla} withTime /></dd>
        <dt>Stage</dt>
        <dd>{STAGE_LABELS[c.onboardingStage]}</dd>
        <dt>Risk band</dt>
        <dd>{c.riskBand ? <><span className={riskClass(c.riskBand)}>{RISK_LABELS[c.riskBand]}</span>{c.riskScore != null ? ` (score ${c.riskScore})` : ''}</> : 'Not assessed yet'}</dd>
        <dt>Customer</dt>
        <dd>{[c.customerName, c.customerEmail].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Company</dt>
        <dd>{[c.companyName, c.companyNumber, c.country].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Owner</dt>
        <dd>{c.owner ? `${c.owner.name} (${c.owner.email})` : 'Unassigned'}</dd>
        {c.crmRecordId ? <><dt>CRM record</dt><dd>{c.crmRecordId}</dd></> : null}
        <dt>Opened</dt>
        <dd>{when(c.createdAt)}{c.createdBy ? ` by ${c.createdBy}` : ''}</dd>
        <dt>Last change</dt>
        <dd>{when(c.updatedAt)}</dd>
      </dl>

      {c.viewerCan.assignCaseOwner ? (
        <AssignOwner key={`${c.owner?.id ?? 'none'}|${version}`} caseId={c.caseId} ownerId={c.owner?.id ?? null} members={current.members} onDone={done} />
      ) : null}

      <CaseTagEditor key={`${c.caseId}|${version}`} caseId={c.caseId} tags={c.tags} mayEdit={c.viewerCan.assignCaseOwner} onDone={done} />
      <section className="case-section" aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        <CaseActions
          caseId={c.caseId} status={c.status} can={c.viewerCan} blockers={c.decisionBlockers} pending={c.pendingDecisionOverride ?? null}
          onDone={done}
        />
      </section>

      <Documents documents={c.documents} mayOverride={c.viewerCan.overrideDocumentStatus} onDone={done} />
      <ScreeningHits caseId={c.caseId} hits={c.screeningHits} mayDisposition={c.viewerCan.dispositionScreeningHit} onDone={done} />
      <RiskSection caseId={c.caseId} assessment={c.riskAssessment} model={current.riskModel} mayRecompute={c.viewerCan.recomputeRisk} onDone={done} />
      <AiReviewSection caseId={c.caseId} review={c.aiReview} mayRun={c.viewerCan.runAiReview} onDone={done} />
      <RoutingSection routing={c.routing} policy={current.decisionPolicy} />
      <EddOutreachSections caseId={c.caseId} can={c.viewerCan} version={version} />
      <MonitoringSection caseId={c.caseId} version={version} mayRun={c.viewerCan.runMonitoring} onDone={done} />
      <Parties parties={c.parties} />
      <PeopleSection caseId={c.caseId} version={version} onDone={done} />
      <IdentityVerificationSection caseId={c.caseId} people={c.identityVerifications} onDone={done} />
      <Decisions caseId={c.caseId} decisions={c.decisions} />
      <NoteComposer caseId={c.caseId} members={current.members} onDone={done} />
      <Timeline caseId={c.caseId} first={c.timeline} reads={c.assistantReads} notes={c.notes} members={current.members} onDone={done} />
    </Page>
  );
}

/** The owner control: a list of the organisation's members (or nobody) and `Assign`. */
function AssignOwner({ caseId, ownerId, members, onDone }: { caseId: string; ownerId: string | null; members: Members; onDone: (message: string) => void }) {
  const [choice, setChoice] = useState(ownerId ?? 'none');
  const action = useAction((memberId: string | null) => execute(AssignOwnerMutation, { caseId, memberId }), useSignInOnUnauthenticated());
  const options = [{ id: 'none', label: 'Nobody' }, ...members.map((m) => ({ id: m.id, label: m.name ? `${m.name} (${m.email})` : m.email }))];
  const assign = async () => {
    const memberId = choice === 'none' ? null : choice;
    const result = await action.run(memberId);
    if (result) onDone(result.assignCaseOwner.owner ? `The case is assigned to ${result.assignCaseOwner.owner.name}.` : 'The case has no owner now.');
  };
  return (
    <div className="assign">
      <SelectField label="Assign to" value={choice} onChange={setChoice} options={options} />
      <Button className="button" onPress={assign} isPending={action.pending} isDisabled={choice === (ownerId ?? 'none')}>Assign</Button>
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </div>
  );
}

function Parties({ parties }: { parties: CaseData['parties'] }) {
  return (
    <section className="case-section" aria-labelledby="parties-title">
      <h2 id="parties-title">Directors and owners</h2>
      {parties.length === 0 ? <p className="empty">No directors or beneficial owners recorded yet.</p> : (
        <ul className="plain-list">
          {parties.map((p) => (
            <li key={`${p.kind}-${p.position}`}>
              <strong>{p.name}</strong> · {p.kind === 'ubo' ? `Beneficial owner${p.ownershipPercent != null ? ` (${p.ownershipPercent}%)` : ''}` : 'Director'}
              {p.verificationStatus ? ` · ${words(p.verificationStatus)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The case's events, newest first, each expandable to its payload, with the case's notes and the "Accessed by
 * AI assistant" entries (MCP tool calls that read the case) in time order among them; `Load more` reads the next page.
 */
function Timeline({ caseId, first, reads, notes, members, onDone }: {
  caseId: string; first: TimelinePage; reads: AssistantReads; notes: Notes; members: Members; onDone: (message: string) => void;
}) {
  // The pages read with Load more, after `first`; a new first page (the case read again) starts over.
  const [later, setLater] = useState<{ after: TimelinePage; pages: TimelinePage[] }>({ after: first, pages: [] });
  const pages = [first, ...(later.after === first ? later.pages : [])];
  const more = useAction((after: string) => execute(CaseTimelineQuery, { caseId, first: TIMELINE_PAGE, after }), useSignInOnUnauthenticated());
  const last = pages.at(-1)!;
  const events = pages.flatMap((p) => p.edges.map((e) => e.node));
  // A read older than the oldest event shown waits for Load more, so the order stays true.
  const oldest = last.pageInfo.hasNextPage ? events.at(-1)?.occurredAt : undefined;
  const accesses = reads.edges.map((e) => e.node).filter((r) => !oldest || r.calledAt >= oldest);
  const written = notes.edges.map((e) => e.node).filter((n) => !oldest || n.createdAt >= oldest);
  const items = [
    ...events.map((e) => ({ at: e.occurredAt, event: e, read: null, note: null })),
    ...accesses.map((r) => ({ at: r.calledAt, event: null, read: r, note: null })),
    ...written.map((n) => ({ at: n.createdAt, event: null, read: null, note: n })),
  ].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0));
  const loadMore = async () => {
    const next = await more.run(last.pageInfo.endCursor!);
    if (next?.case) setLater({ after: first, pages: [...pages.slice(1), next.case.timeline] });
  };
  return (
    <section className="case-section" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      {items.length === 0 ? <p className="empty">No events yet.</p> : null}
      <ol className="timeline">
        {items.map(({ event: e, read: r, note: n }) => n ? (
          <NoteEntry key={`note-${n.id}`} note={n} members={members} onDone={onDone} />
        ) : r ? (
          <li key={`read-${r.readId}`} className="timeline-item timeline-access">
            <Disclosure className="disclosure">
              <Heading level={3} className="disclosure-heading">
                <Button slot="trigger" className="disclosure-trigger">
                  <DisclosureArrow />
                  <span className="event-type">Accessed by AI assistant</span>{' '}
                  <span className="event-when">{when(r.calledAt)} · {r.appName} for {r.memberEmail || 'a removed member'} · {r.tool}{r.outcome === 'ok' ? '' : ` (${r.outcome})`}</span>
                </Button>
              </Heading>
              <DisclosurePanel className="disclosure-panel">
                <pre className="json" aria-label={`Arguments of ${r.tool}`}>{JSON.stringify(r.arguments, null, 2)}</pre>
              </DisclosurePanel>
            </Disclosure>
          </li>
        ) : e ? (
          <li key={e.eventId} className="timeline-item">
            <Disclosure className="disclosure">
              <Heading level={3} className="disclosure-heading">
                <Button slot="trigger" className="disclosure-trigger">
                  <DisclosureArrow />
                  <span className="event-type">{e.eventType}</span>{' '}
                  <span className="event-when">{when(e.occurredAt)} · #{e.caseSequence}</span>
                </Button>
              </Heading>
              <DisclosurePanel className="disclosure-panel">
                <pre className="json" aria-label={`Payload of ${e.eventType}`}>{JSON.stringify(e.payload, null, 2)}</pre>
              </DisclosurePanel>
            </Disclosure>
          </li>
        ) : null)}
      </ol>
      {more.error ? <ErrorNotice error={more.error} /> : null}
      {last.pageInfo.hasNextPage ? <Button className="button" onPress={loadMore} isPending={more.pending}>Load more events</Button> : null}
    </section>
  );
}
