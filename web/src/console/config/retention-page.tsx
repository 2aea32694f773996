// Compliance Configuration › Retention: how long closed cases keep their personal data (retentionPolicy), off by
// default. Compliance admins change it as a form (setRetentionPolicy: each change a new version, audited); other
// roles read it in words. Legal holds are placed on the case page; data-subject requests have their own page.
import { Fragment, useMemo, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { graphql } from '../../gql';
import type { RetentionPolicyQuery, SetRetentionPolicyMutationVariables } from '../../gql/graphql';
import { execute, RequestError } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Breakable } from '../../ui/breakable';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { Success, When } from './ui';
import { useSettings } from './viewer';

const RetentionPolicyRead = graphql(`
  query RetentionPolicy {
    retentionPolicy {
      ...RetentionPolicyFields
    }
  }
`);

graphql(`
  fragment RetentionPolicyFields on RetentionPolicy {
    version
    yearsAfterClosure
    declinedDays
    withdrawnDays
    updatedBy
    updatedAt
  }
`);

const SetRetentionPolicy = graphql(`
  mutation SetRetentionPolicy($input: RetentionPolicyInput!) {
    setRetentionPolicy(input: $input) {
      ...RetentionPolicyFields
    }
  }
`);

type Policy = RetentionPolicyQuery['retentionPolicy'];
type Key = 'yearsAfterClosure' | 'declinedDays' | 'withdrawnDays';

/** Each period: its label, unit and what it does, in one sentence. */
const PERIODS: { key: Key; label: string; unit: 'years' | 'days'; explain: string }[] = [
  {
    key: 'yearsAfterClosure', label: 'Approved cases (years)', unit: 'years',
    explain: 'An approved case keeps its personal data this many years after the relationship ends (its last decision or monitoring run), then it is erased.',
  },
  {
    key: 'declinedDays', label: 'Declined cases (days)', unit: 'days',
    explain: 'A declined case keeps its personal data this many days after the decline, then it is erased.',
  },
  {
    key: 'withdrawnDays', label: 'Withdrawn cases (days)', unit: 'days',
    explain: 'A withdrawn case keeps its personal data this many days after the withdrawal (no case can be withdrawn yet, so this applies to none today).',
  },
];
const FIELDS = PERIODS.map((p) => p.key);

const isOff = (p: Policy) => p.yearsAfterClosure === null && p.declinedDays === null && p.withdrawnDays === null;
const amount = (n: number | null | undefined, unit: 'years' | 'days') => (n == null ? 'Kept (never erased by the schedule)' : `${n} ${n === 1 ? unit.slice(0, -1) : unit}`);

export function RetentionPage() {
  const { viewer } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(RetentionPolicyRead), 'retention-policy', onError);
  return (
    <Page
      title="Retention" area="Compliance configuration"
      lead="How long closed cases keep their personal data before it is erased. The case's skeleton (ids, status, decisions) and a signed deletion certificate stay."
    >
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {data.status === 'loading' ? <Loading label="Loading the retention schedule…" /> : null}
      {data.status === 'done' ? (viewer.viewerCan.configureRetention ? <PolicyForm policy={data.data.retentionPolicy} /> : <PolicyText p={data.data.retentionPolicy} />) : null}
    </Page>
  );
}

/** Who saved the schedule and when, with its version. */
function Saved({ p }: { p: Policy }) {
  if (p.version === 0) return <p className="muted" data-testid="retention-saved">Never set: the schedule is off, nothing is erased by it.</p>;
  return (
    <p className="muted" data-testid="retention-saved">
      Version {p.version}, saved <When at={p.updatedAt} />{p.updatedBy ? <> by <Breakable text={p.updatedBy} /></> : null}.
    </p>
  );
}

function PolicyText({ p }: { p: Policy }) {
  return (
    <section className="panel" aria-labelledby="retention-periods-title">
      <h2 id="retention-periods-title">Retention periods</h2>
      <p>{isOff(p) ? 'The schedule is off: no case is erased by it.' : 'The schedule is on.'}</p>
      <dl className="facts" data-testid="retention-policy">
        {PERIODS.map((period) => (
          <Fragment key={period.key}>
            <dt>{period.label.replace(/ \((years|days)\)$/, '')}</dt>
            <dd>{amount(p[period.key], period.unit)}</dd>
          </Fragment>
        ))}
      </dl>
      <Saved p={p} />
      <p>A compliance admin can change this.</p>
    </section>
  );
}

/** Text as the server takes it: empty is null (off); anything but a whole number goes as 0 so the server's own words come back at the field. */
const numberOf = (text: string): number | null => {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : 0;
};

function PolicyForm({ policy }: { policy: Policy }) {
  const [current, setCurrent] = useState(policy);
  const [values, setValues] = useState<Record<Key, string>>(() => ({
    yearsAfterClosure: policy.yearsAfterClosure?.toString() ?? '', declinedDays: policy.declinedDays?.toString() ?? '', withdrawnDays: policy.withdrawnDays?.toString() ?? '',
  }));
  const [saved, setSaved] = useState(false);
  const action = useAction((vars: SetRetentionPolicyMutationVariables) => execute(SetRetentionPolicy, vars), useSignInOnUnauthenticated());
  const plain = useMemo(() => plainWords(action.error), [action.error]);
  const { fieldErrors, rest, edited } = useFieldErrors(plain, FIELDS);

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const input = { yearsAfterClosure: numberOf(values.yearsAfterClosure), declinedDays: numberOf(values.declinedDays), withdrawnDays: numberOf(values.withdrawnDays) };
    const done = await action.run({ input });
    if (done) {
      setCurrent(done.setRetentionPolicy);
      setSaved(true);
    }
  };
  return (
    <Form className="form" onSubmit={save} validationErrors={fieldErrors} aria-label="Retention schedule">
      <section className="panel" aria-labelledby="retention-periods-title">
        <h2 id="retention-periods-title">Retention periods</h2>
        <p>
          {isOff(current) ? 'The schedule is off: no case is erased by it. ' : 'The schedule is on. '}
          Leave a period empty to keep that kind of case (never erased by the schedule). A case on legal hold is never erased.
        </p>
        {PERIODS.map((p) => (
          <Field
            key={p.key} label={p.label} name={p.key} inputMode="numeric" value={values[p.key]} hint={p.explain}
            onChange={(v) => { setValues((x) => ({ ...x, [p.key]: v })); edited(p.key); }}
          />
        ))}
      </section>
      {saved ? <Success><p>The retention schedule is saved (version {current.version}). Cases whose period has ended are erased at the next sweep.</p></Success> : null}
      {rest ? <ErrorNotice error={rest} /> : null}
      <Button type="submit" className="button button-primary" isDisabled={action.pending}>Save retention schedule</Button>
      <Saved p={current} />
    </Form>
  );
}

/** The server's field messages said for this form: "or null (off)" is an empty field here. */
function plainWords(error: RequestError | undefined): RequestError | undefined {
  if (!error) return undefined;
  const details = error.details.map((d) => ({ ...d, message: d.message.replace(/,? or null \(off\)/, ', or empty to keep them') }));
  return new RequestError(error.message, error.code, error.reason, details);
}
