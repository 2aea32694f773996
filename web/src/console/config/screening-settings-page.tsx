// Compliance Configuration › Screening: the organisation's screening settings as a form (the match threshold,
// the OpenSanctions topics and the datasets that count, how a date of birth corroborates, whether weak aliases
// match), a dry-run preview of how the open cases' hits would change, and saving as a new version
// (updateScreeningSettings, compliance admins). Other roles read them in words and may still preview a draft.
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Form, Input, Label, Link, NumberField, Radio, RadioGroup, Switch, Text } from 'react-aria-components';
import { graphql } from '../../gql';
import type { BirthDateTolerance, DryRunScreeningSettingsMutation, ScreeningSettingsQuery } from '../../gql/graphql';
import { execute, RequestError } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Check, CheckGroup } from '../../ui/check';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { Success, useFieldErrors, When } from './ui';
import { useSettings } from './viewer';

const ScreeningSettingsRead = graphql(`
  query ScreeningSettings {
    screeningSettings {
      ...ScreeningSettingsFields
    }
  }
`);

graphql(`
  fragment ScreeningSettingsFields on ScreeningSettings {
    settingsId
    version
    createdBy
    createdAt
    matchThreshold
    topics
    datasets
    birthDateTolerance
    weakAliases
  }
`);

const UpdateScreeningSettings = graphql(`
  mutation UpdateScreeningSettings($input: ScreeningSettingsInput!) {
    updateScreeningSettings(input: $input) {
      ...ScreeningSettingsFields
    }
  }
`);

const DryRunScreeningSettings = graphql(`
  mutation DryRunScreeningSettings($input: ScreeningSettingsInput!) {
    dryRunScreeningSettings(input: $input) {
      casesCompared
      truncated
      disappear
      appear
      stay
      cases {
        caseId
        companyName
        disappear { hitId caption subjectName }
        appear { hitId caption subjectName }
        stay { hitId }
      }
    }
  }
`);

type Settings = ScreeningSettingsQuery['screeningSettings'];
type DryRun = DryRunScreeningSettingsMutation['dryRunScreeningSettings'];

/** The OpenSanctions topics offered (the server's SCREENING_TOPICS, main ones first), in words. */
const TOPICS: [string, string][] = [
  ['sanction', 'Sanctioned'],
  ['sanction.linked', 'Linked to a sanctioned entity'],
  ['sanction.counter', 'Counter-sanctioned'],
  ['role.pep', 'Politically exposed person (PEP)'],
  ['role.rca', 'Relative or close associate of a PEP'],
  ['debarment', 'Debarred'],
  ['crime', 'Crime (any)'],
  ['crime.fin', 'Financial crime'],
  ['crime.terror', 'Terrorism'],
  ['wanted', 'Wanted'],
  ['poi', 'Person of interest'],
  ['gov.soe', 'State-owned enterprise'],
  ['reg.action', 'Regulatory action'],
  ['export.control', 'Export control'],
];
const TOPIC_LABEL = Object.fromEntries(TOPICS) as Record<string, string>;
const TOLERANCES: [BirthDateTolerance, string, string][] = [
  ['exact', 'Full date', 'The same date raises the score; another day of the same year lowers it a little.'],
  ['year', 'Year only', 'The same year counts as agreement, whatever the day.'],
  ['none', 'Ignore', 'Dates of birth neither raise nor lower the score.'],
];
const FIELDS = ['matchThreshold', 'topics', 'datasets', 'birthDateTolerance', 'weakAliases'];

export function ScreeningSettingsPage() {
  const { viewer } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(ScreeningSettingsRead), 'screening-settings', onError);
  return (
    <Page title="Screening" area="Compliance configuration" lead="What counts as a sanctions or PEP hit when a case's parties are screened.">
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {data.status === 'loading' ? <Loading label="Loading the screening settings…" /> : null}
      {data.status === 'done' ? <SettingsForm settings={data.data.screeningSettings} mayEdit={viewer.viewerCan.configureScreening} /> : null}
    </Page>
  );
}

function SettingsForm({ settings, mayEdit }: { settings: Settings; mayEdit: boolean }) {
  const [current, setCurrent] = useState(settings);
  const [threshold, setThreshold] = useState(settings.matchThreshold);
  const [topics, setTopics] = useState<string[]>(settings.topics);
  const [datasets, setDatasets] = useState(settings.datasets.join('\n'));
  const [tolerance, setTolerance] = useState<BirthDateTolerance>(settings.birthDateTolerance);
  const [weakAliases, setWeakAliases] = useState(settings.weakAliases);
  const [saved, setSaved] = useState(false);
  const onError = useSignInOnUnauthenticated();
  const save = useAction((input: Input) => execute(UpdateScreeningSettings, { input }), onError);
  const preview = useAction((input: Input) => execute(DryRunScreeningSettings, { input }), onError);
  const error = save.error ?? preview.error;
  const named = useMemo(() => namedErrors(error), [error]);
  const { fieldErrors, notice } = useFieldErrors(named, FIELDS);
  // A field's server error goes as soon as the field is changed. React Aria would drop it only when the field
  // loses focus, which is when a button beside the form is pressed: the form then shrinks under the pointer
  // between press and release, and the press (Preview) is lost.
  const [edited, setEdited] = useState<{ error?: RequestError; fields: string[] }>({ fields: [] });
  const editedFields = edited.error === error ? edited.fields : [];
  const editedKey = editedFields.join(' ');
  const shownErrors = useMemo(
    () => Object.fromEntries(Object.entries(fieldErrors).filter(([f]) => !editedKey.split(' ').includes(f))),
    [fieldErrors, editedKey],
  );
  const changed = <T,>(field: string, set: (value: T) => void) => (value: T) => {
    set(value);
    if (fieldErrors[field] && !editedFields.includes(field)) setEdited({ error, fields: [...editedFields, field] });
  };

  const input = (): Input => ({
    matchThreshold: Number.isNaN(threshold) ? -1 : threshold,
    topics,
    datasets: datasets.split(/[\n,]/).map((d) => d.trim()).filter(Boolean),
    birthDateTolerance: tolerance,
    weakAliases,
  });
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const done = await save.run(input());
    if (done) {
      setCurrent(done.updateScreeningSettings);
      setSaved(true);
    }
  };
  const readOnly = !mayEdit;
  return (
    <Form className="form" onSubmit={submit} validationErrors={shownErrors} aria-label="Screening settings">
      <section className="panel" aria-labelledby="screening-match-title">
        <h2 id="screening-match-title">Matching</h2>
        <NumberField className="field" name="matchThreshold" value={threshold} onChange={changed('matchThreshold', setThreshold)} minValue={0} maxValue={1} step={0.01}
          isReadOnly={readOnly} formatOptions={{ maximumFractionDigits: 3 }} isInvalid={shownErrors.matchThreshold ? true : undefined}>
          <Label>Match threshold</Label>
          <Input inputMode="decimal" />
          <Text slot="description" className="field-hint">From 0 to 1: the score a watchlist entity needs to be a hit. Lower finds more, with more false positives.</Text>
          {shownErrors.matchThreshold ? <p className="field-error">{shownErrors.matchThreshold}</p> : null}
        </NumberField>
        <RadioGroup className="radio-group" name="birthDateTolerance" value={tolerance} onChange={changed('birthDateTolerance', (v: string) => setTolerance(v as BirthDateTolerance))} isReadOnly={readOnly}>
          <Label>Date of birth</Label>
          <div className="radios">
            {TOLERANCES.map(([value, label, hint]) => (
              <Radio key={value} className="radio" value={value}><span className="radio-dot" aria-hidden="true" />{label}<span className="muted"> — {hint}</span></Radio>
            ))}
          </div>
        </RadioGroup>
        <Switch className="switch" isSelected={weakAliases} onChange={changed('weakAliases', setWeakAliases)} isReadOnly={readOnly}>
          <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
          Match weak aliases (short or common names the lists mark as weak)
        </Switch>
      </section>
      <section className="panel" aria-labelledby="screening-lists-title">
        <h2 id="screening-lists-title">Lists</h2>
        <CheckGroup label="Topics that count" name="topics" value={topics} onChange={readOnly ? () => undefined : changed('topics', setTopics)}
          description="None ticked: every topic counts. A topic includes its narrower ones (Crime includes Financial crime).">
          {TOPICS.map(([id, label]) => <Check key={id} value={id}>{label}</Check>)}
        </CheckGroup>
        {topics.filter((t) => !TOPIC_LABEL[t]).length ? <p className="muted">Also: {topics.filter((t) => !TOPIC_LABEL[t]).join(', ')}</p> : null}
        <Field label="Datasets that count" name="datasets" multiline value={datasets} onChange={changed('datasets', setDatasets)} isReadOnly={readOnly}
          hint="One OpenSanctions dataset name per line (for example eu_fsf). Empty: every dataset counts." />
      </section>
      {saved ? <Success><p>The screening settings are saved as version {current.version}. The next screening of a case applies them.</p></Success> : null}
      {notice && (notice.details.length || !Object.keys(fieldErrors).length) ? <ErrorNotice error={notice} /> : null}
      <div className="actions">
        <Button className="button" isDisabled={preview.pending} onPress={() => void preview.run(input())}>Preview the effect on open cases</Button>
        {mayEdit ? <Button type="submit" className="button button-primary" isDisabled={save.pending}>Save screening settings</Button> : null}
      </div>
      {!mayEdit ? <p>A compliance admin can change these settings.</p> : null}
      <p className="muted">Version {current.version}, saved <When at={current.createdAt} never="never" /> by {current.createdBy}.</p>
      {preview.result && !preview.error ? <DryRunResult run={preview.result.dryRunScreeningSettings} /> : null}
    </Form>
  );
}

type Input = { matchThreshold: number; topics: string[]; datasets: string[]; birthDateTolerance: BirthDateTolerance; weakAliases: boolean };

function DryRunResult({ run }: { run: DryRun }) {
  const hits = (list: { caption: string; subjectName: string }[]) => list.map((h) => `${h.caption} (${h.subjectName})`).join('; ') || '—';
  return (
    <section className="panel" aria-labelledby="screening-preview-title" data-testid="screening-preview">
      <h2 id="screening-preview-title">Preview</h2>
      <p role="status">
        {run.casesCompared} open {run.casesCompared === 1 ? 'case' : 'cases'} compared{run.truncated ? ' (the newest only)' : ''}:
        {' '}{run.disappear} {run.disappear === 1 ? 'hit' : 'hits'} would disappear, {run.appear} would appear, {run.stay} would stay.
      </p>
      {run.cases.length ? (
        <table className="table">
          <caption className="visually-hidden">Open cases whose hits would change</caption>
          <thead><tr><th scope="col">Case</th><th scope="col">Would disappear</th><th scope="col">Would appear</th><th scope="col">Would stay</th></tr></thead>
          <tbody>
            {run.cases.map((c) => (
              <tr key={c.caseId}>
                <th scope="row"><Link href={`/console/cases/${encodeURIComponent(c.caseId)}`}>{c.companyName ?? c.caseId}</Link></th>
                <td>{hits(c.disappear)}</td>
                <td>{hits(c.appear)}</td>
                <td>{c.stay.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p>No open case's hits would change.</p>}
    </section>
  );
}

/** The server's details with the form's field names (`topics.2` -> `topics`, `datasets.0` -> `datasets`). */
function namedErrors(error: RequestError | undefined): RequestError | undefined {
  if (!error) return undefined;
  const details = error.details.map((d) => {
    const m = /^(?:input\.)?(matchThreshold|topics|datasets|birthDateTolerance|weakAliases)(\.\d+)?$/.exec(d.path);
    return m ? { ...d, path: m[1]! } : d;
  });
  return new RequestError(error.message, error.code, error.reason, details);
}
