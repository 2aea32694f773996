import { useState, type FormEvent, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSearchParams } from 'react-router';
import type { ConsoleCaseMetricsQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { CaseMetricsQuery, DashboardQueuesQuery } from './dashboard-query';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const validDay = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : null);

const words = (code: string) => code.charAt(0).toUpperCase() + code.slice(1).replace(/_/g, ' ');
const percent = (share: number | null | undefined) => (share == null ? '—' : `${Math.round(share * 100)} %`);

/** A duration in its largest sensible unit, one decimal: "45 min", "3.5 h", "2.1 days". */
export function duration(seconds: number): string {
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${(seconds / 3600).toFixed(1).replace(/\.0$/, '')} h`;
  return `${(seconds / 86_400).toFixed(1).replace(/\.0$/, '')} days`;
}

/** A chart for sighted readers beside the table that carries the same figures for everyone (the chart is hidden from assistive technology). */
function ChartBeside({ title, id, chart, table }: { title: string; id: string; chart: ReactNode; table: ReactNode }) {
  return (
    <section className="panel metric" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="metric-body">
        <div className="metric-chart" aria-hidden="true">
          <ResponsiveContainer width="100%" height={220}>{chart as never}</ResponsiveContainer>
        </div>
        <div className="table-scroll metric-table" role="region" aria-label={`${title}: table`} tabIndex={0}>{table}</div>
      </div>
    </section>
  );
}

const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--muted)', fontSize: 12 } };

/**
 * The dashboard: for a date range (from and to, whole UTC days, in the URL) and optionally one work queue, the
 * open cases by status and stage, the time cases spend in each status (p50, p90), the decisions (automatic,
 * first time right) and each analyst's closed cases and median handling time; each chart has its table beside it.
 */
export function DashboardPage() {
  const onError = useSignInOnUnauthenticated();
  const [params, setParams] = useSearchParams();
  const to = validDay(params.get('to')) ?? isoDay(new Date());
  const from = validDay(params.get('from')) ?? addDays(to, -29);
  const queueId = params.get('queue') || null;
  const [draft, setDraft] = useState({ from, to, queue: queueId ?? '' });
  const data = useRequest(
    () => execute(CaseMetricsQuery, { from: `${from}T00:00:00.000Z`, to: `${addDays(to, 1)}T00:00:00.000Z`, queueId }),
    `${from}|${to}|${queueId ?? ''}`, onError,
  );
  const queues = useRequest(() => execute(DashboardQueuesQuery), 'queues', onError);
  const show = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams({ from: draft.from, to: draft.to });
    if (draft.queue) next.set('queue', draft.queue);
    setParams(next);
  };
  const queueOptions = [{ id: '', label: 'All cases' }, ...(queues.data?.queues ?? []).map((q) => ({ id: q.id, label: q.name }))];

  return (
    <Page title="Dashboard" area="Compliance console" lead="How cases move: what is open now, how long each status takes, and the decisions of the range.">
      <form className="filters" onSubmit={show} aria-label="Dashboard range">
        <div className="field">
          <label htmlFor="dashboard-from" className="react-aria-Label">From</label>
          <input id="dashboard-from" className="react-aria-Input" type="date" required value={draft.from} max={draft.to} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="dashboard-to" className="react-aria-Label">To (inclusive)</label>
          <input id="dashboard-to" className="react-aria-Input" type="date" required value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <SelectField label="Queue" value={draft.queue} onChange={(queue) => setDraft({ ...draft, queue })} options={queueOptions} />
        <div>
          <button type="submit" className="button button-primary">Show</button>
        </div>
      </form>
      <p className="small">Days are UTC. Open cases are counted now; the rest counts what ended within the range.</p>
      {data.status === 'loading' ? <Loading label="Loading the dashboard…" /> : null}
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {data.status === 'done' ? <Figures m={data.data.caseMetrics} /> : null}
    </Page>
  );
}

type Metrics = ConsoleCaseMetricsQuery['caseMetrics'];

function Figures({ m }: { m: Metrics }) {
  const d = m.decisions;
  const timeRows = m.timeInStatus.map((t) => ({ name: words(t.status), p50: +(t.p50Seconds / 3600).toFixed(2), p90: +(t.p90Seconds / 3600).toFixed(2) }));
  // In the test view the open cases are the test cases; the figures the server names in liveOnly still count live cases.
  const live = (figure: string) => (m.liveOnly.includes(figure) ? ' (live cases)' : '');
  return (
    <div className="dashboard">
      {m.liveOnly.length > 0 ? (
        <p className="notice" role="note">
          Test data: the open cases below are your test cases. Time in each status, decisions, analysts and SLA breaches
          count live cases only: they are recorded for live cases, and test cases have no SLA.
        </p>
      ) : null}
      <dl className="stats" aria-label="Key figures">
        <div><dt>{m.mode === 'test' ? 'Open test cases' : 'Open cases'}</dt><dd>{m.openTotal}</dd></div>
        <div><dt>Decisions{live('decisions')}</dt><dd>{d.total}</dd></div>
        <div><dt>Automatic{live('decisions')}</dt><dd>{percent(d.automaticShare)}</dd></div>
        <div><dt>First time right{live('decisions')}</dt><dd>{percent(d.firstTimeRightShare)}</dd></div>
        <div><dt>SLA breached now{live('sla')}</dt><dd>{m.sla.breachedNow}</dd></div>
      </dl>

      <ChartBeside
        title="Open cases by status" id="open-status-title"
        chart={(
          <BarChart data={m.openByStatus.map((s) => ({ name: words(s.status), count: s.count }))} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="name" {...AXIS} interval={0} angle={-20} textAnchor="end" height={50} />
            <YAxis allowDecimals={false} {...AXIS} width={40} />
            <Bar dataKey="count" name="Open cases" fill="var(--accent)" isAnimationActive={false} />
          </BarChart>
        )}
        table={(
          <table className="table">
            <caption className="visually-hidden">Open cases by status</caption>
            <thead><tr><th scope="col">Status</th><th scope="col">Open cases</th></tr></thead>
            <tbody>
              {m.openByStatus.length === 0 ? <tr><td colSpan={2}>No open cases.</td></tr> : null}
              {m.openByStatus.map((s) => <tr key={s.status}><th scope="row">{words(s.status)}</th><td>{s.count}</td></tr>)}
            </tbody>
          </table>
        )}
      />

      <ChartBeside
        title="Open cases by onboarding stage" id="open-stage-title"
        chart={(
          <BarChart data={m.openByStage.map((s) => ({ name: words(s.stage), count: s.count }))} layout="vertical" accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis type="number" allowDecimals={false} {...AXIS} />
            <YAxis type="category" dataKey="name" {...AXIS} width={120} />
            <Bar dataKey="count" name="Open cases" fill="var(--accent)" isAnimationActive={false} />
          </BarChart>
        )}
        table={(
          <table className="table">
            <caption className="visually-hidden">Open cases by onboarding stage</caption>
            <thead><tr><th scope="col">Stage</th><th scope="col">Open cases</th></tr></thead>
            <tbody>
              {m.openByStage.length === 0 ? <tr><td colSpan={2}>No open cases.</td></tr> : null}
              {m.openByStage.map((s) => <tr key={s.stage}><th scope="row">{words(s.stage)}</th><td>{s.count}</td></tr>)}
            </tbody>
          </table>
        )}
      />

      <ChartBeside
        title={`Time in each status${live('timeInStatus')}`} id="time-title"
        chart={(
          <BarChart data={timeRows} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="name" {...AXIS} interval={0} angle={-20} textAnchor="end" height={50} />
            <YAxis {...AXIS} width={56} unit=" h" />
            <Tooltip />
            <Legend />
            <Bar dataKey="p50" name="Median (hours)" fill="var(--accent)" isAnimationActive={false} />
            <Bar dataKey="p90" name="90th percentile (hours)" fill="var(--muted)" isAnimationActive={false} />
          </BarChart>
        )}
        table={(
          <table className="table">
            <caption className="visually-hidden">Time in each status, for the spells that ended within the range</caption>
            <thead><tr><th scope="col">Status</th><th scope="col">Spells</th><th scope="col">Median</th><th scope="col">90th percentile</th></tr></thead>
            <tbody>
              {m.timeInStatus.length === 0 ? <tr><td colSpan={4}>No case changed status in this range.</td></tr> : null}
              {m.timeInStatus.map((t) => (
                <tr key={t.status}><th scope="row">{words(t.status)}</th><td>{t.spells}</td><td>{duration(t.p50Seconds)}</td><td>{duration(t.p90Seconds)}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      />

      <ChartBeside
        title={`Decisions${live('decisions')}`} id="decisions-title"
        chart={(
          <BarChart data={d.byOutcome.map((o) => ({ name: words(o.outcome), analyst: o.count - o.automatic, automatic: o.automatic }))} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="name" {...AXIS} />
            <YAxis allowDecimals={false} {...AXIS} width={40} />
            <Legend />
            <Bar dataKey="analyst" name="By an analyst" stackId="d" fill="var(--accent)" isAnimationActive={false} />
            <Bar dataKey="automatic" name="Automatic" stackId="d" fill="var(--muted)" isAnimationActive={false} />
          </BarChart>
        )}
        table={(
          <table className="table">
            <caption className="visually-hidden">Decisions by outcome</caption>
            <thead><tr><th scope="col">Outcome</th><th scope="col">Decisions</th><th scope="col">Automatic</th></tr></thead>
            <tbody>
              {d.byOutcome.map((o) => <tr key={o.outcome}><th scope="row">{words(o.outcome)}</th><td>{o.count}</td><td>{o.automatic}</td></tr>)}
              <tr><th scope="row">First time right</th><td>{d.firstTimeRight}</td><td>{percent(d.firstTimeRightShare)} of all</td></tr>
            </tbody>
          </table>
        )}
      />

      <ChartBeside
        title={`Analysts${live('analysts')}`} id="analysts-title"
        chart={(
          <BarChart data={m.analysts.map((a) => ({ name: a.analyst.split('@')[0], closed: a.casesClosed }))} layout="vertical" accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis type="number" allowDecimals={false} {...AXIS} />
            <YAxis type="category" dataKey="name" {...AXIS} width={120} />
            <Bar dataKey="closed" name="Cases closed" fill="var(--accent)" isAnimationActive={false} />
          </BarChart>
        )}
        table={(
          <table className="table">
            <caption className="visually-hidden">Cases each analyst closed, and their median handling time</caption>
            <thead><tr><th scope="col">Analyst</th><th scope="col">Cases closed</th><th scope="col">Median handling time</th></tr></thead>
            <tbody>
              {m.analysts.length === 0 ? <tr><td colSpan={3}>No analyst decided a case in this range.</td></tr> : null}
              {m.analysts.map((a) => <tr key={a.analyst}><th scope="row" className="anywhere">{a.analyst}</th><td>{a.casesClosed}</td><td>{duration(a.medianHandlingSeconds)}</td></tr>)}
            </tbody>
          </table>
        )}
      />
    </div>
  );
}
