// The case page's Decisions: each decision with what it rested on (its provenance, recorded with it and never
// changed), Replay (the recorded policy version on the recorded facts), What-if (today's policy on today's facts)
// and the signed evidence pack's download. Replay and What-if record nothing.
import { Button, Disclosure, DisclosurePanel, Heading, Link } from 'react-aria-components';
import type { ConsoleCaseQuery, ReplayDecisionQuery as ReplayResult, WhatIfDecisionQuery as WhatIfResult } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { DisclosureArrow } from '../../ui/disclosure';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { ReplayDecisionQuery, WhatIfDecisionQuery } from './case-query';
import { ROUTING_LABELS, when, words } from './labels';

type Decision = NonNullable<ConsoleCaseQuery['case']>['decisions'][number];
type Answer = { outcome: keyof typeof ROUTING_LABELS; matchedRuleIndex?: number | null; matchedRuleName?: string | null; gate?: string | null };

/** The provenance as the server sends it (JSON): read defensively, shown in words. */
interface Provenance {
  policy?: { name: string; version: number; outcome: string; matchedRuleIndex: number | null; matchedRuleName: string | null; gate: string | null } | null;
  risk?: { compositeScore: number; bandLabel: string; modelVersion: number | null } | null;
  screening?: { watchlistVersion: string | null; hits: { hitId: string; disposition: string | null; dispositionBy: string | null; triage: { disposition: string | null } | null }[] };
  aiReview?: { id: number; model: string; recommendation: string } | null;
  documents?: { extractionEngine: string; items: { id: number; filename: string; sha256: string | null }[] };
  identityVerifications?: { name: string; outcome: string | null; status: string | null }[];
  edd?: { label: string; status: string }[];
  members?: { name: string; roles: string[] }[];
}

const answerText = (a: Answer) =>
  `${ROUTING_LABELS[a.outcome] ?? a.outcome}, ${a.gate === 'age_gate' ? 'by the age gate' : a.matchedRuleIndex == null ? 'default branch' : `rule ${a.matchedRuleIndex}${a.matchedRuleName ? ` “${a.matchedRuleName}”` : ''}`}`;

function ProvenanceFacts({ p }: { p: Provenance }) {
  return (
    <dl className="facts">
      <dt>Policy</dt>
      <dd>{p.policy ? `${p.policy.name} (version ${p.policy.version}): ${answerText(p.policy as Answer)}` : 'Not evaluated'}</dd>
      <dt>Risk</dt>
      <dd>{p.risk ? `${p.risk.compositeScore} (${p.risk.bandLabel}), model version ${p.risk.modelVersion ?? 'unknown'}` : 'Not assessed'}</dd>
      <dt>Watchlist</dt>
      <dd>
        version {p.screening?.watchlistVersion ?? 'unknown'}; {p.screening?.hits.length ?? 0} {(p.screening?.hits.length ?? 0) === 1 ? 'hit' : 'hits'}
        {p.screening?.hits.length ? `: ${p.screening.hits.map((h) => `${h.hitId} ${words(h.disposition ?? h.triage?.disposition ?? 'untriaged')}${h.dispositionBy ? ` by ${h.dispositionBy}` : ''}`).join('; ')}` : ''}
      </dd>
      <dt>AI review</dt>
      <dd>{p.aiReview ? `#${p.aiReview.id} ${p.aiReview.model}: ${p.aiReview.recommendation}` : 'None'}</dd>
      <dt>Documents</dt>
      <dd>
        {p.documents?.extractionEngine ?? 'unknown engine'};{' '}
        {p.documents?.items.map((d) => `${d.filename} ${d.sha256 ? `SHA-256 ${d.sha256.slice(0, 12)}…` : '(no digest)'}`).join('; ') || 'none'}
      </dd>
      <dt>Identity</dt>
      <dd>{p.identityVerifications?.map((v) => `${v.name} ${words(v.outcome ?? v.status ?? 'not started')}`).join('; ') || 'Nobody to verify'}</dd>
      <dt>EDD</dt>
      <dd>{p.edd?.map((x) => `${x.label} ${words(x.status)}`).join('; ') || 'None'}</dd>
      <dt>Members</dt>
      <dd>{p.members?.map((m) => `${m.name} (${m.roles.map(words).join(', ')})`).join('; ') || 'None'}</dd>
    </dl>
  );
}

function Replay({ caseId, decisionId }: { caseId: string; decisionId: number }) {
  const action = useAction(() => execute(ReplayDecisionQuery, { caseId, decisionId }), useSignInOnUnauthenticated());
  const r: ReplayResult['replayDecision'] | undefined = action.result?.replayDecision;
  return (
    <div className="replay">
      <Button className="button button-secondary" onPress={() => void action.run(undefined)} isPending={action.pending}>Replay</Button>
      {r ? (
        <p role="status" className="replay-result">
          {r.sameOutcome ? 'Same outcome' : 'Different outcome'}: {r.policyName} version {r.policyVersion} on the recorded facts gives{' '}
          {answerText(r.replayed as Answer)} (recorded: {answerText(r.recorded as Answer)}).
        </p>
      ) : null}
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </div>
  );
}

function WhatIf({ caseId }: { caseId: string }) {
  const action = useAction(() => execute(WhatIfDecisionQuery, { caseId }), useSignInOnUnauthenticated());
  const w: WhatIfResult['whatIfDecision'] | undefined = action.result?.whatIfDecision;
  return (
    <div className="what-if">
      <Button className="button button-secondary" onPress={() => void action.run(undefined)} isPending={action.pending}>What if today’s policy</Button>
      {w ? (
        <p role="status" className="what-if-result">
          {w.policyName} version {w.policyVersion} on today’s facts: {answerText(w.answer as Answer)}
          {w.sameAsLatestDecision === null ? '.' : w.sameAsLatestDecision ? ' (as the latest decision recorded).' : ` (the latest decision recorded ${w.latestDecision?.recordedOutcome ? ROUTING_LABELS[w.latestDecision.recordedOutcome as Answer['outcome']] ?? w.latestDecision.recordedOutcome : 'another outcome'}).`}
        </p>
      ) : null}
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </div>
  );
}

export function Decisions({ caseId, decisions }: { caseId: string; decisions: Decision[] }) {
  return (
    <section className="case-section" aria-labelledby="decisions-title">
      <h2 id="decisions-title">Decisions</h2>
      <div className="decision-tools">
        <WhatIf caseId={caseId} />
        <Link className="button button-secondary" href={`/console/export/cases/${encodeURIComponent(caseId)}/evidence.zip`} download>
          Download evidence pack
        </Link>
      </div>
      {decisions.length === 0 ? <p className="empty">No decision yet.</p> : (
        <ul className="plain-list">
          {decisions.map((d) => {
            const p = (d.provenance ?? null) as Provenance | null;
            return (
              <li key={d.id ?? d.decidedAt + d.outcome}>
                <span className={d.outcome === 'approved' ? 'badge badge-ok' : 'badge badge-bad'}>{words(d.outcome)}</span>{' '}
                {when(d.decidedAt)} by {d.auto ? `the policy engine${d.reason ? ` (${words(d.reason)})` : ''}` : d.analystEmail}
                {d.notes ? <p className="decision-notes">{d.notes}</p> : null}
                {p ? (
                  <Disclosure className="disclosure">
                    <Heading level={3} className="disclosure-heading">
                      <Button slot="trigger" className="disclosure-trigger"><DisclosureArrow />What it rested on</Button>
                    </Heading>
                    <DisclosurePanel className="disclosure-panel">
                      <ProvenanceFacts p={p} />
                      {d.id != null && p.policy ? <Replay caseId={caseId} decisionId={d.id} /> : null}
                    </DisclosurePanel>
                  </Disclosure>
                ) : <p className="empty">Recorded before provenance existed.</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
