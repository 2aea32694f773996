// The case page's Monitoring: whether the case is monitored (approved, its data held), when it runs next,
// `Run monitoring now` (runMonitoring, triggeredBy the analyst), and its latest runs (each check's status)
// and alerts (subjectRef and role, never a name). Read with its own query, reloaded with the case.
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { graphql } from '../../gql';
import type { CaseMonitoringQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { when, words } from './labels';

const MonitoringQuery = graphql(`
  query CaseMonitoring($caseId: ID!) {
    caseMonitoring(caseId: $caseId) {
      caseId
      monitored
      nextRunAt
      lastRunAt
      runs {
        runId
        source
        triggeredBy
        alertsGenerated
        completedAt
        checksRun {
          check
          status
          subjects
          error
        }
      }
      alerts {
        alertId
        runId
        alertType
        severity
        title
        detail
        subjectRole
        subjectRef
        createdAt
      }
    }
  }
`);

const RunMonitoringMutation = graphql(`
  mutation RunMonitoring($caseId: ID!) {
    runMonitoring(caseId: $caseId) {
      runId
      alertsGenerated
    }
  }
`);

type Monitoring = NonNullable<CaseMonitoringQuery['caseMonitoring']>;

const CHECK_LABELS: Record<string, string> = { rescreening: 'Rescreening', registry_refresh: 'Registry refresh', adverse_media: 'Adverse media' };
const STATUS_CLASS: Record<string, string> = { ok: 'badge badge-ok', skipped: 'badge badge-neutral', not_found: 'badge badge-warn', error: 'badge badge-bad' };
const SEVERITY_CLASS: Record<string, string> = { high: 'badge badge-bad', medium: 'badge badge-warn', low: 'badge badge-neutral' };

export function MonitoringSection({ caseId, version, mayRun, onDone }: {
  caseId: string;
  /** Bumped by the case page after every change: the section reads again. */
  version: number;
  mayRun: boolean;
  onDone: (message: string) => void;
}) {
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(MonitoringQuery, { caseId }), `${caseId}|${version}`, onError);
  const action = useAction(() => execute(RunMonitoringMutation, { caseId }), onError);
  // Keeps what it showed while reading again (no flash, the button keeps its focus).
  const [shown, setShown] = useState<Monitoring | null>(null);
  if (data.status === 'done' && data.data.caseMonitoring && shown !== data.data.caseMonitoring) setShown(data.data.caseMonitoring);
  const m = data.status === 'done' ? data.data.caseMonitoring : shown;

  const run = async () => {
    const result = await action.run(undefined);
    if (result) {
      const n = result.runMonitoring.alertsGenerated;
      onDone(`Monitoring ran: ${n === 0 ? 'no new alerts' : n === 1 ? '1 new alert' : `${n} new alerts`}.`);
    }
  };

  return (
    <section className="case-section" aria-labelledby="monitoring-title">
      <h2 id="monitoring-title">Monitoring</h2>
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {!m && data.status === 'loading' ? <Loading label="Loading monitoring…" /> : null}
      {m ? (
        <>
          <dl className="facts">
            <dt>Monitored</dt>
            <dd>{m.monitored ? 'Yes' : 'No: only approved cases whose data is held are monitored'}</dd>
            {m.monitored ? <><dt>Next scheduled run</dt><dd>{m.nextRunAt ? when(m.nextRunAt) : 'Not planned (the schedule is off, or the scheduler has not planned it yet)'}</dd></> : null}
            <dt>Last run</dt>
            <dd>{m.lastRunAt ? when(m.lastRunAt) : 'Never'}</dd>
          </dl>
          {m.monitored && mayRun ? (
            <div className="section-actions">
              <Button className="button" onPress={run} isPending={action.pending}>Run monitoring now</Button>
            </div>
          ) : null}
          {action.error ? <ErrorNotice error={action.error} /> : null}

          <h3 className="section-subtitle" id="monitoring-alerts-title">Alerts</h3>
          {m.alerts.length === 0 ? <p className="empty">No alerts.</p> : (
            <ul className="plain-list" aria-labelledby="monitoring-alerts-title">
              {m.alerts.map((a) => (
                <li key={a.alertId}>
                  <span className={SEVERITY_CLASS[a.severity] ?? 'badge badge-neutral'}>{words(a.severity)}</span>{' '}
                  <strong>{a.title}</strong> · {words(a.alertType)} · {when(a.createdAt)} (run {a.runId})
                  <p className="decision-notes">{a.detail}</p>
                </li>
              ))}
            </ul>
          )}

          <h3 className="section-subtitle" id="monitoring-runs-title">Runs</h3>
          {m.runs.length === 0 ? <p className="empty">No runs yet.</p> : (
            <ul className="plain-list" aria-labelledby="monitoring-runs-title">
              {m.runs.map((r) => (
                <li key={r.runId}>
                  Run {r.runId} · {when(r.completedAt)} · {r.source === 'scheduled' ? 'scheduled' : `by ${r.triggeredBy}`} ·{' '}
                  {r.alertsGenerated === 1 ? '1 alert' : `${r.alertsGenerated} alerts`}
                  <ul className="check-list">
                    {r.checksRun.map((c) => (
                      <li key={c.check}>
                        {CHECK_LABELS[c.check] ?? c.check}: <span className={STATUS_CLASS[c.status] ?? 'badge badge-neutral'}>{words(c.status)}</span>
                        {c.error ? ` — ${c.error}` : ''}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
