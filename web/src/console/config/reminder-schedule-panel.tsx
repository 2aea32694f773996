// Organisation settings › Reminders: the schedule of reminder emails for items asked of customers (EDD
// evidence, document requests). Compliance admins change it (save-form.tsx's pattern); others see it.
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import type { ReminderScheduleQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { SaveForm } from './save-form';

const ReminderScheduleRead = graphql(`
  query ReminderSchedule {
    reminderSchedule {
      enabled
      firstAfterDays
      everyDays
      maxReminders
      updatedBy
      updatedAt
    }
  }
`);

const SetReminderSchedule = graphql(`
  mutation SetReminderSchedule($input: ReminderScheduleInput!) {
    setReminderSchedule(input: $input) {
      enabled
      firstAfterDays
      everyDays
      maxReminders
      updatedBy
      updatedAt
    }
  }
`);

type Schedule = ReminderScheduleQuery['reminderSchedule'];
const FIELDS = ['firstAfterDays', 'everyDays', 'maxReminders', 'enabled'];

export function ReminderSchedulePanel({ mayChange }: { mayChange: boolean }) {
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(ReminderScheduleRead), 'reminders', onError);
  return (
    <section className="panel" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Reminders</h2>
      <p>
        When the team asks a customer for EDD evidence or documents, reminder emails follow for whatever is still outstanding. They stop once
        everything has arrived, the case is approved or declined, or the customer unsubscribes.
      </p>
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {data.status === 'loading' ? <Loading label="Loading the reminder schedule…" /> : null}
      {data.status === 'done' ? (mayChange ? <ScheduleForm schedule={data.data.reminderSchedule} /> : <ScheduleText s={data.data.reminderSchedule} />) : null}
    </section>
  );
}

function ScheduleText({ s }: { s: Schedule }) {
  return (
    <>
      <dl className="facts">
        <dt>Schedule</dt>
        <dd data-testid="reminder-schedule">{s.enabled ? `First after ${s.firstAfterDays} days, then every ${s.everyDays} days, at most ${s.maxReminders}` : 'Off'}</dd>
      </dl>
      <p>A compliance admin can change this.</p>
    </>
  );
}

function ScheduleForm({ schedule }: { schedule: Schedule }) {
  const [base, setBase] = useState(schedule);
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [first, setFirst] = useState(String(schedule.firstAfterDays));
  const [every, setEvery] = useState(String(schedule.everyDays));
  const [max, setMax] = useState(String(schedule.maxReminders));
  const [saved, setSaved] = useState<string | null>(null);
  const action = useAction(
    () => execute(SetReminderSchedule, { input: { enabled, firstAfterDays: Number(first), everyDays: Number(every), maxReminders: Number(max) } }),
    useSignInOnUnauthenticated(),
  );
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, FIELDS);
  const changed = enabled !== base.enabled || first.trim() !== String(base.firstAfterDays) || every.trim() !== String(base.everyDays)
    || max.trim() !== String(base.maxReminders);
  const whole = (set: (v: string) => void, name: string) => (v: string) => {
    set(v);
    setSaved(null);
    edited(name);
  };
  return (
    <SaveForm
      label="Reminder schedule" changed={changed} pending={action.pending} fieldErrors={fieldErrors} error={rest} saved={saved}
      onSave={async () => {
        const done = await action.run(undefined);
        if (!done) return;
        const s = done.setReminderSchedule;
        setBase(s);
        setFirst(String(s.firstAfterDays));
        setEvery(String(s.everyDays));
        setMax(String(s.maxReminders));
        setSaved(s.enabled ? 'The reminder schedule is saved.' : 'Reminders are off.');
      }}
    >
      <Switch className="switch" isSelected={enabled} onChange={(on) => { setEnabled(on); setSaved(null); }}>
        <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
        Send reminders
      </Switch>
      <Field label="First reminder after (days)" name="firstAfterDays" inputMode="numeric" value={first} onChange={whole(setFirst, 'firstAfterDays')} isDisabled={!enabled} hint="1 to 90." />
      <Field label="Then every (days)" name="everyDays" inputMode="numeric" value={every} onChange={whole(setEvery, 'everyDays')} isDisabled={!enabled} hint="1 to 90." />
      <Field label="At most (reminders)" name="maxReminders" inputMode="numeric" value={max} onChange={whole(setMax, 'maxReminders')} isDisabled={!enabled} hint="1 to 10." />
    </SaveForm>
  );
}
