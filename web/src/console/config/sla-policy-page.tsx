// Compliance Configuration › SLAs: a target per open case status, business hours and pausing while the case
// waits on the customer (setSlaPolicy). Compliance admins change it as a form; other roles read it in words.
import { Fragment, useMemo, useState, type FormEvent } from 'react';
import { Button, Form, Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import type { CaseStatus, SetSlaPolicyMutationVariables, SlaPolicyQuery } from '../../gql/graphql';
import { execute, RequestError } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Check, CheckGroup } from '../../ui/check';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { STATUS_LABELS } from '../cases/labels';
import { useSignInOnUnauthenticated } from '../require-member';
import { Success, useFieldErrors, When } from './ui';
import { useSettings } from './viewer';

const SlaPolicyRead = graphql(`
  query SlaPolicy {
    slaPolicy {
      ...SlaPolicyFields
    }
  }
`);

graphql(`
  fragment SlaPolicyFields on SlaPolicy {
    targets { status hours }
    businessHours { timezone days from to }
    pauseWhileAwaitingCustomer
    updatedAt
    updatedBy
  }
`);

const SetSlaPolicy = graphql(`
  mutation SetSlaPolicy($input: SlaPolicyInput!) {
    setSlaPolicy(input: $input) {
      ...SlaPolicyFields
    }
  }
`);

type Policy = SlaPolicyQuery['slaPolicy'];
const OPEN_STATUSES: CaseStatus[] = ['in_progress', 'in_review', 'pending_senior', 'returned'];
const DAYS = [['mon', 'Monday'], ['tue', 'Tuesday'], ['wed', 'Wednesday'], ['thu', 'Thursday'], ['fri', 'Friday'], ['sat', 'Saturday'], ['sun', 'Sunday']] as const;
const DAY_LABEL = Object.fromEntries(DAYS) as Record<string, string>;
const hoursField = (s: CaseStatus) => `hours_${s}`;
const FIELDS = [...OPEN_STATUSES.map(hoursField), 'timezone', 'days', 'from', 'to'];

export function SlaPolicyPage() {
  const { viewer } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(SlaPolicyRead), 'sla-policy', onError);
  return (
    <Page title="SLAs" area="Compliance configuration" lead="How long a case may stay in each status before it is at risk (80 % of the target) and then breached.">
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {data.status === 'loading' ? <Loading label="Loading the SLA policy…" /> : null}
      {data.status === 'done' ? (viewer.viewerCan.configureSla ? <PolicyForm policy={data.data.slaPolicy} /> : <PolicyText p={data.data.slaPolicy} />) : null}
    </Page>
  );
}

function PolicyText({ p }: { p: Policy }) {
  const hours = (s: CaseStatus) => p.targets.find((t) => t.status === s)?.hours;
  return (
    <section className="panel" aria-labelledby="sla-targets-title">
      <h2 id="sla-targets-title">Targets</h2>
      <dl className="facts" data-testid="sla-policy">
        {OPEN_STATUSES.map((s) => (
          <Fragment key={s}>
            <dt>{STATUS_LABELS[s]}</dt>
            <dd>{hours(s) ? `${hours(s)} hours` : 'No SLA'}</dd>
          </Fragment>
        ))}
        <dt>Business hours</dt>
        <dd>{p.businessHours ? `${p.businessHours.days.map((d) => DAY_LABEL[d] ?? d).join(', ')}, ${p.businessHours.from} to ${p.businessHours.to} (${p.businessHours.timezone})` : 'Around the clock'}</dd>
        <dt>While waiting on the customer</dt>
        <dd>{p.pauseWhileAwaitingCustomer ? 'The clock pauses' : 'The clock runs'}</dd>
      </dl>
      <p>A compliance admin can change this.</p>
    </section>
  );
}

function PolicyForm({ policy }: { policy: Policy }) {
  const [current, setCurrent] = useState(policy);
  const [hours, setHours] = useState<Record<string, string>>(() => Object.fromEntries(OPEN_STATUSES.map((s) => [s, String(policy.targets.find((t) => t.status === s)?.hours ?? '')])));
  const [business, setBusiness] = useState(policy.businessHours !== null);
  const [timezone, setTimezone] = useState(policy.businessHours?.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/London'));
  const [days, setDays] = useState<string[]>(policy.businessHours?.days ?? ['mon', 'tue', 'wed', 'thu', 'fri']);
  const [from, setFrom] = useState(policy.businessHours?.from ?? '09:00');
  const [to, setTo] = useState(policy.businessHours?.to ?? '17:00');
  const [pause, setPause] = useState(policy.pauseWhileAwaitingCustomer);
  const [saved, setSaved] = useState(false);
  // The statuses sent, in order: a target's error (input.targets.<i>.hours) goes next to its status's field.
  const [sent, setSent] = useState<CaseStatus[]>([]);
  const action = useAction((vars: SetSlaPolicyMutationVariables) => execute(SetSlaPolicy, vars), useSignInOnUnauthenticated());
  const named = useMemo(() => namedErrors(action.error, sent), [action.error, sent]);
  const { fieldErrors, notice } = useFieldErrors(named, FIELDS);

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const statuses = OPEN_STATUSES.filter((s) => hours[s]!.trim() !== '');
    setSent(statuses);
    const input = {
      // Text that is no number goes as -1, so the server's own words ("must be a number of hours above 0 …") come back at the field.
      targets: statuses.map((s) => ({ status: s, hours: hoursOf(hours[s]!) })),
      businessHours: business ? { timezone: timezone.trim(), days, from: from.trim(), to: to.trim() } : null,
      pauseWhileAwaitingCustomer: pause,
    };
    const done = await action.run({ input });
    if (done) {
      setCurrent(done.setSlaPolicy);
      setSaved(true);
    }
  };
  return (
    <Form className="form" onSubmit={save} validationErrors={fieldErrors} aria-label="SLA policy">
      <section className="panel" aria-labelledby="sla-targets-title">
        <h2 id="sla-targets-title">Targets</h2>
        <p>Hours a case may spend in each status. The clock restarts when the status changes. Leave a status empty for no SLA.</p>
        {OPEN_STATUSES.map((s) => (
          <Field
            key={s} label={`${STATUS_LABELS[s]} (hours)`} name={hoursField(s)} inputMode="decimal" value={hours[s]}
            onChange={(v) => setHours((h) => ({ ...h, [s]: v }))}
          />
        ))}
      </section>
      <section className="panel" aria-labelledby="sla-hours-title">
        <h2 id="sla-hours-title">Business hours</h2>
        <Switch className="switch" isSelected={business} onChange={setBusiness}>
          <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
          Count business hours only
        </Switch>
        {business ? (
          <>
            <Field label="Time zone" name="timezone" value={timezone} onChange={setTimezone} hint="An IANA time zone, e.g. Europe/London." />
            <CheckGroup label="Working days" name="days" value={days} onChange={setDays}>
              {DAYS.map(([id, label]) => <Check key={id} value={id}>{label}</Check>)}
            </CheckGroup>
            <Field label="From" name="from" value={from} onChange={setFrom} hint="HH:MM, local time." />
            <Field label="To" name="to" value={to} onChange={setTo} hint="HH:MM, after From." />
          </>
        ) : <p>The clock runs around the clock, every day.</p>}
      </section>
      <section className="panel" aria-labelledby="sla-pause-title">
        <h2 id="sla-pause-title">Waiting on the customer</h2>
        <Switch className="switch" isSelected={pause} onChange={setPause}>
          <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
          Pause while EDD or document requests are outstanding
        </Switch>
      </section>
      {saved ? <Success><p>The SLA policy is saved. Every open case follows it now.</p></Success> : null}
      {notice && (notice.details.length || !Object.keys(fieldErrors).length) ? <ErrorNotice error={notice} /> : null}
      <Button type="submit" className="button button-primary" isDisabled={action.pending}>Save SLA policy</Button>
      <p className="muted">Last saved: <When at={current.updatedAt} never="never" />{current.updatedBy ? ` by ${current.updatedBy}` : ''}.</p>
    </Form>
  );
}

const hoursOf = (text: string): number => {
  const n = Number(text.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : -1;
};

/** The server's details with the form's field names for paths (`input.targets.1.hours` -> `hours_in_review`, `input.businessHours.to` -> `to`). */
function namedErrors(error: RequestError | undefined, sent: CaseStatus[]): RequestError | undefined {
  if (!error) return undefined;
  const details = error.details.map((d) => {
    const target = /^input\.targets\.(\d+)\.(hours|status)$/.exec(d.path);
    if (target) {
      const status = sent[Number(target[1])];
      return status ? { ...d, path: hoursField(status) } : d;
    }
    const bh = /^input\.businessHours\.(timezone|days|from|to)$/.exec(d.path);
    return bh ? { ...d, path: bh[1]! } : d;
  });
  return new RequestError(error.message, error.code, error.reason, details);
}
