// The decision panel at the top of a case page: where the case stands (status, stage, risk band, owner, SLA,
// the routing outcome and the AI recommendation), what still keeps it from being approved (the open checks, in
// words, each with a way to the tab that settles it) and the actions the member may take. Sticky on wide
// screens; on a phone it scrolls away with the page so that it never covers the content.
import { Button } from 'react-aria-components';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { CaseActions } from './case-actions';
import { RECOMMENDATION_LABELS, recommendationClass, RISK_LABELS, riskClass, ROUTING_LABELS, routingClass, STAGE_LABELS, STATUS_LABELS, statusClass } from './labels';
import { SlaBadge } from './sla-badge';
import { plural } from './timeline-sentences';
import type { CaseTab } from './case-tabs';

type CaseData = NonNullable<ConsoleCaseQuery['case']>;

/** Where each kind of open check is settled. */
const BLOCKER_TABS: Record<string, { tab: CaseTab; label: string }> = {
  identity_not_verified: { tab: 'people', label: 'People and identity' },
  screening_hit_open: { tab: 'documents', label: 'Documents and screening' },
  document_in_error: { tab: 'documents', label: 'Documents and screening' },
  document_pending: { tab: 'documents', label: 'Documents and screening' },
  edd_outstanding: { tab: 'outreach', label: 'Outreach and EDD' },
  not_routed: { tab: 'risk', label: 'Risk and routing' },
};

export function DecisionPanel({ c, onDone, onShowTab }: { c: CaseData; onDone: (message: string) => void; onShowTab: (tab: CaseTab) => void }) {
  const blockers = c.decisionBlockers;
  const closed = c.status === 'approved' || c.status === 'declined';
  return (
    <section className="decision-panel" aria-labelledby="decision-title">
      <h2 id="decision-title" className="visually-hidden">Decision and open checks</h2>
      <dl className="case-facts decision-facts">
        <div><dt>Status</dt><dd><span className={statusClass(c.status)}>{STATUS_LABELS[c.status]}</span></dd></div>
        <div><dt>Stage</dt><dd>{STAGE_LABELS[c.onboardingStage]}</dd></div>
        <div>
          <dt>Risk band</dt>
          <dd>{c.riskBand ? <><span className={riskClass(c.riskBand)}>{RISK_LABELS[c.riskBand]}</span>{c.riskScore != null ? ` (score ${c.riskScore})` : ''}</> : 'Not assessed yet'}</dd>
        </div>
        <div><dt>Owner</dt><dd>{c.owner ? `${c.owner.name} (${c.owner.email})` : 'Unassigned'}</dd></div>
        <div><dt>SLA</dt><dd data-testid="case-sla"><SlaBadge sla={c.sla} withTime /></dd></div>
        <div>
          <dt>Routing</dt>
          <dd>{c.routing ? <span className={routingClass(c.routing.outcome)}>{ROUTING_LABELS[c.routing.outcome]}</span> : 'Not routed yet'}</dd>
        </div>
        {c.aiReview ? (
          <div>
            <dt>AI review</dt>
            <dd><span className={recommendationClass(c.aiReview.recommendation)}>{RECOMMENDATION_LABELS[c.aiReview.recommendation]}</span> ({c.aiReview.confidence.toLowerCase()} confidence)</dd>
          </div>
        ) : null}
      </dl>
      {closed ? null : blockers.length === 0 ? (
        <p className="decision-clear" data-testid="open-checks">No open checks: nothing keeps the case from a decision.</p>
      ) : (
        <div className="decision-blockers" data-testid="open-checks">
          <p><strong>{plural(blockers.length, 'open check')}</strong> (approving over them needs an override reason):</p>
          <ul>
            {blockers.map((b, i) => {
              const where = BLOCKER_TABS[b.code];
              return (
                <li key={`${b.code}-${i}`}>
                  <span className="blocker-text">{b.message}</span>
                  {where ? (
                    <>
                      {' '}
                      <Button className="link-button" onPress={() => onShowTab(where.tab)} aria-label={`Open ${where.label} for: ${b.message}`}>Open {where.label}</Button>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <CaseActions caseId={c.caseId} status={c.status} can={c.viewerCan} blockers={blockers} pending={c.pendingDecisionOverride ?? null} onDone={onDone} />
    </section>
  );
}
