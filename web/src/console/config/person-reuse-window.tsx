// Organisation settings › Reuse of ID documents: how long a passport or ID attached to a person of the
// registry stays reusable on later cases. Compliance admins change it (audited); others see it.
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';

const ReuseWindowQuery = graphql(`
  query PersonReuseWindow {
    personReuseWindow
  }
`);

const SetReuseWindow = graphql(`
  mutation SetPersonReuseWindow($days: Int!) {
    setPersonReuseWindow(days: $days)
  }
`);

export function PersonReuseWindowSection({ mayChange, onSaved }: { mayChange: boolean; onSaved: (message: string) => void }) {
  const onError = useSignInOnUnauthenticated();
  const current = useRequest(() => execute(ReuseWindowQuery), 'person-reuse-window', onError);
  return (
    <section className="panel" aria-labelledby="reuse-window-title">
      <h2 id="reuse-window-title">Reuse of ID documents</h2>
      <p>
        A passport or ID attached to a person in the registry satisfies identity verification on that person&apos;s later cases for this many
        days after it was attached, unless it has expired.
      </p>
      {current.status === 'loading' ? <Loading label="Loading the reuse window…" /> : null}
      {current.status === 'error' ? <ErrorNotice error={current.error} onRetry={current.reload} /> : null}
      {current.status === 'done' ? (
        mayChange
          ? <ReuseWindowForm key={current.data.personReuseWindow} days={current.data.personReuseWindow} onSaved={onSaved} />
          : <p><strong>{current.data.personReuseWindow} days.</strong> A compliance admin can change this.</p>
      ) : null}
    </section>
  );
}

function ReuseWindowForm({ days, onSaved }: { days: number; onSaved: (message: string) => void }) {
  const [value, setValue] = useState(String(days));
  const action = useAction((d: number) => execute(SetReuseWindow, { days: d }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, ['days']);
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const n = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    const done = await action.run(Number.isNaN(n) ? -1 : n);
    if (done) onSaved(`ID documents are reusable for ${done.setPersonReuseWindow} days.`);
  };
  return (
    <Form className="inline-form" onSubmit={send} validationErrors={fieldErrors}>
      <Field label="Reuse window (days)" name="days" value={value} onChange={(v) => { setValue(v); edited('days'); }} inputMode="numeric" isRequired hint="1 to 1825 days." />
      <Button className="button" type="submit" isDisabled={action.pending}>Save reuse window</Button>
      {rest ? <ErrorNotice error={rest} /> : null}
    </Form>
  );
}
