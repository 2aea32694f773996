// Organisation settings › Monitoring schedule: how often each approved case is monitored (daily by default,
// weekly, monthly or off). Compliance admins change it (save-form.tsx's pattern); others see it. Read with its own query.
import { useState } from 'react';
import { graphql } from '../../gql';
import type { MonitoringSchedule } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { SaveForm } from './save-form';

const MonitoringSettingsQuery = graphql(`
  query MonitoringSettings {
    monitoringSettings {
      schedule
    }
  }
`);

const SetMonitoringScheduleMutation = graphql(`
  mutation SetMonitoringSchedule($schedule: MonitoringSchedule!) {
    setMonitoringSchedule(schedule: $schedule) {
      schedule
    }
  }
`);

const OPTIONS: { id: MonitoringSchedule; label: string }[] = [
  { id: 'daily' as MonitoringSchedule, label: 'Daily' },
  { id: 'weekly' as MonitoringSchedule, label: 'Weekly' },
  { id: 'monthly' as MonitoringSchedule, label: 'Monthly (every 30 days)' },
  { id: 'off' as MonitoringSchedule, label: 'Off (ad hoc runs only)' },
];
const label = (s: string) => OPTIONS.find((o) => o.id === s)?.label ?? s;

export function MonitoringSchedulePanel({ mayChange }: { mayChange: boolean }) {
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(MonitoringSettingsQuery), 'monitoring-settings', onError);
  const [saved, setSaved] = useState<{ schedule: string; words: string } | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const action = useAction((schedule: MonitoringSchedule) => execute(SetMonitoringScheduleMutation, { schedule }), onError);
  const current = saved?.schedule ?? (data.status === 'done' ? data.data.monitoringSettings.schedule : null);
  const chosen = choice ?? current ?? 'daily';
  return (
    <section className="panel" aria-labelledby="monitoring-schedule-title">
      <h2 id="monitoring-schedule-title">Monitoring schedule</h2>
      <p>
        How often each approved case is re-screened, checked against the company registry and searched in adverse media. Each case runs at
        its own time within the period, so that runs spread evenly.
      </p>
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {current === null && data.status === 'loading' ? <Loading label="Loading the schedule…" /> : null}
      {current !== null ? (mayChange ? (
        <SaveForm
          label="Monitoring schedule" changed={chosen !== current} pending={action.pending} error={action.error} saved={saved?.words ?? null}
          onSave={async () => {
            const done = await action.run(chosen as MonitoringSchedule);
            if (!done) return;
            setChoice(null);
            setSaved({ schedule: done.setMonitoringSchedule.schedule, words: `Monitoring schedule: ${label(done.setMonitoringSchedule.schedule).toLowerCase()}.` });
          }}
        >
          <SelectField label="Run monitoring" value={chosen} onChange={(v) => { setChoice(v); }} options={OPTIONS} />
        </SaveForm>
      ) : (
        <p><strong>{label(current)}.</strong> A compliance admin can change this.</p>
      )) : null}
    </section>
  );
}
