// Organisation settings › Reuse of ID documents: how long a passport or ID attached to a person of the
// registry stays reusable on later cases. Compliance admins change it (audited; save-form.tsx's pattern); others see it.
import { useState } from 'react';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { SaveForm } from './save-form';

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

export function PersonReuseWindowSection({ mayChange }: { mayChange: boolean }) {
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
          ? <ReuseWindowForm days={current.data.personReuseWindow} />
          : <p><strong>{current.data.personReuseWindow} days.</strong> A compliance admin can change this.</p>
      ) : null}
    </section>
  );
}

function ReuseWindowForm({ days }: { days: number }) {
  const [base, setBase] = useState(days);
  const [value, setValue] = useState(String(days));
  const [saved, setSaved] = useState<string | null>(null);
  const action = useAction((d: number) => execute(SetReuseWindow, { days: d }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, ['days']);
  return (
    <SaveForm
      label="Reuse of ID documents" changed={value.trim() !== String(base)} pending={action.pending} fieldErrors={fieldErrors} error={rest} saved={saved}
      onSave={async () => {
        const n = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : -1;
        const done = await action.run(n);
        if (done === undefined) return;
        setBase(done.setPersonReuseWindow);
        setValue(String(done.setPersonReuseWindow));
        setSaved(`ID documents are reusable for ${done.setPersonReuseWindow} days.`);
      }}
    >
      <Field label="Reuse window (days)" name="days" value={value} onChange={(v) => { setValue(v); setSaved(null); edited('days'); }} inputMode="numeric" isRequired hint="1 to 1825 days." />
    </SaveForm>
  );
}
