import { useState } from 'react';
import { Button, Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useParams } from 'react-router';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { SelectField } from '../../ui/select-field';
import { useSignInOnUnauthenticated } from '../require-member';
import { Activity, TIMELINE_PAGE } from './case-activity';
import { AiReviewSection } from './case-ai-review';
import { Documents } from './case-documents';
import { EddOutreachSections } from './case-edd';
import { RiskSection } from './case-risk';
import { PeopleSection } from './case-people';
import { MonitoringSection } from './case-monitoring';
import { RoutingSection } from './case-routing';
import { ScreeningHits } from './case-screening';
import { AssignOwnerMutation, CaseQuery } from './case-query';
import { NoteComposer } from './case-notes';
import { CaseTagEditor } from './case-tag-editor';
import { CASE_TABS, useCaseTab } from './case-tabs';
import { Decisions } from './case-decisions';
import { CaseRetentionSection } from './case-retention';
import { DecisionPanel } from './decision-panel';
import { sourceBadge, day, when } from './labels';

type Members = ConsoleCaseQuery['members'];

const AREA = 'Compliance console';

/**
 * One case: where the contract's analystUrl ({APP_URL}/cases?case=<id>) lands. The decision panel on top
 * (where the case stands, its open checks, the actions), then the case's sections in tabs (`?tab=`).
 */
export function CasePage() {
  const { caseId = '' } = useParams();
  const onError = useSignInOnUnauthenticated();
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useCaseTab();
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
  const showTab = (next: typeof tab) => {
    setTab(next);
    // Keyboard focus goes to the tab now selected (and so the tab list comes into view).
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.case-tabs [role="tab"][aria-selected="true"]')?.focus());
  };

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

      <DecisionPanel c={c} onDone={done} onShowTab={showTab} />

      <Tabs className="case-tabs" selectedKey={tab} onSelectionChange={(key) => setTab(key as typeof tab)}>
        <TabList className="tab-list" aria-label="Sections of the case">
          {CASE_TABS.map((t) => <Tab key={t.id} id={t.id} className="tab">{t.label}</Tab>)}
        </TabList>
        <TabPanel id="overview" className="tab-panel">
          <section className="case-section" aria-labelledby="details-title">
            <h2 id="details-title">Details</h2>
            <dl className="facts case-facts case-details">
              <dt>Customer</dt>
              <dd>{[c.customerName, c.customerEmail].filter(Boolean).join(' · ') || '—'}</dd>
              <dt>Company</dt>
              <dd>{[c.companyName, c.companyNumber, c.country].filter(Boolean).join(' · ') || '—'}</dd>
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
          </section>
          <Decisions caseId={c.caseId} decisions={c.decisions} />
          <CaseRetentionSection caseId={c.caseId} version={version} onDone={done} />
        </TabPanel>
        <TabPanel id="documents" className="tab-panel">
          <Documents documents={c.documents} mayOverride={c.viewerCan.overrideDocumentStatus} onDone={done} />
          <ScreeningHits caseId={c.caseId} hits={c.screeningHits} mayDisposition={c.viewerCan.dispositionScreeningHit} onDone={done} />
        </TabPanel>
        <TabPanel id="people" className="tab-panel">
          <PeopleSection
            caseId={c.caseId} version={version} people={c.identityVerifications} parties={c.parties} mayEditEmail={c.viewerCan.assignCaseOwner && !c.purgedAt} onDone={done}
          />
        </TabPanel>
        <TabPanel id="risk" className="tab-panel">
          <RiskSection caseId={c.caseId} assessment={c.riskAssessment} model={current.riskModel} mayRecompute={c.viewerCan.recomputeRisk} onDone={done} />
          <RoutingSection routing={c.routing} policy={current.decisionPolicy} />
          <AiReviewSection caseId={c.caseId} review={c.aiReview} mayRun={c.viewerCan.runAiReview} onDone={done} />
          <MonitoringSection caseId={c.caseId} version={version} mayRun={c.viewerCan.runMonitoring} onDone={done} />
        </TabPanel>
        <TabPanel id="outreach" className="tab-panel">
          <EddOutreachSections caseId={c.caseId} can={c.viewerCan} version={version} />
        </TabPanel>
        <TabPanel id="activity" className="tab-panel">
          <NoteComposer caseId={c.caseId} members={current.members} onDone={done} />
          <Activity
            caseId={c.caseId} first={c.timeline} reads={c.assistantReads} notes={c.notes} members={current.members} apiClients={current.apiClients} onDone={done}
          />
        </TabPanel>
      </Tabs>
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
