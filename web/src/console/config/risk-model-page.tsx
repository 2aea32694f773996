// Compliance Configuration › Risk model: the active version of the organisation's risk model, readable (bands,
// factor weights, the country list, industries, entity types, ownership, screening scores), and for compliance
// admins `Edit definition`: a form (risk-model-form.tsx: weights with sliders, country pickers, keywords, bands)
// or the whole definition as JSON (Advanced), saved as a new version (updateRiskModel). The server validates it
// field by field; a problem with the JSON text itself goes next to the field, the others above the buttons.
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { DataList } from '../../ui/data-list';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { problemsToFix } from './problems';
import { fromDefinition, RiskModelForm, toDefinition, type ModelDraft } from './risk-model-form';
import { Success, useLastData, When } from './ui';
import { useSettings } from './viewer';

const RiskModelQuery = graphql(`
  query RiskModel {
    riskModel {
      configId
      version
      createdBy
      createdAt
      definition
    }
  }
`);

const UpdateRiskModel = graphql(`
  mutation UpdateRiskModel($input: RiskModelInput!) {
    updateRiskModel(input: $input) {
      configId
      version
    }
  }
`);

const AREA = 'Compliance configuration';
const LEVELS = ['prohibited', 'high', 'medium', 'low'] as const;
const LEVEL_WORDS: Record<string, string> = { prohibited: 'Prohibited', high: 'High', medium: 'Medium', low: 'Low' };

/** The factors' names (the server's FACTOR_LABELS; an unknown factor is shown by its key). */
const FACTOR_NAMES: Record<string, string> = {
  country: 'Country of the company',
  industry: 'Industry',
  entityType: 'Entity type',
  ownership: 'Ownership (untraced ownership, offshore UBOs)',
  screening: 'Sanctions, PEP and adverse-media hits',
  international: 'International transactions',
  documents: 'Documents (errors, low confidence)',
};
const HIT_KIND_NAMES: Record<string, string> = { sanctioned: 'Sanctioned', pep: 'PEP', adverseMedia: 'Adverse media', other: 'Other' };

const load = () => execute(RiskModelQuery);

export function RiskModelPage() {
  const { viewer } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const request = useRequest(load, 'risk-model', onError);
  const data = useLastData(request);
  const mayEdit = viewer.viewerCan.configureRiskModel;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <Page title="Risk model" area={AREA} lead="How the risk engine scores a case: weighted factors, the lists behind them, and the band thresholds.">
      {!data && request.status === 'loading' ? <Loading label="Loading the risk model…" /> : null}
      {request.status === 'error' ? <ErrorNotice error={request.error} onRetry={request.reload} /> : null}
      {saved ? <Success><p>{saved}</p></Success> : null}
      {data ? (
        <>
          <dl className="facts">
            <dt>Version</dt>
            <dd>{data.riskModel.version} (configuration {data.riskModel.configId})</dd>
            <dt>Saved</dt>
            <dd><When at={data.riskModel.createdAt} /> by {data.riskModel.createdBy === 'system' ? 'the system (the default model)' : data.riskModel.createdBy}</dd>
          </dl>
          {mayEdit ? (
            editing ? (
              <EditDefinition
                definition={data.riskModel.definition}
                onCancel={() => setEditing(false)}
                onSaved={(version) => {
                  setEditing(false);
                  setSaved(`The risk model is saved as version ${version}. New assessments use it; recompute a case to re-score it.`);
                  request.reload();
                }}
              />
            ) : (
              <p className="toolbar"><Button className="button button-primary" onPress={() => { setSaved(null); setEditing(true); }}>Edit definition</Button></p>
            )
          ) : <p className="muted">A compliance admin can edit the risk model.</p>}
          <ModelView definition={data.riskModel.definition} />
        </>
      ) : null}
    </Page>
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The definition in words. The server gives it (validated when saved); any part of an unexpected shape is shown as data. */
function ModelView({ definition: d }: { definition: Record<string, unknown> }) {
  const known = ['bands', 'bandLabels', 'weights', 'countries', 'unlistedCountryLevel', 'industries', 'unlistedIndustryLevel', 'entityTypes', 'unlistedEntityTypeLevel',
    'ownership', 'screening', 'internationalLevel'];
  const others = Object.fromEntries(Object.entries(d).filter(([k]) => !known.includes(k)));
  return (
    <>
      <section className="panel" aria-labelledby="bands-title">
        <h2 id="bands-title">Bands</h2>
        <Bands bands={d.bands} labels={d.bandLabels} />
      </section>
      <section className="panel" aria-labelledby="weights-title">
        <h2 id="weights-title">Factor weights</h2>
        <p>Each factor scores 0 (low), 50 (medium) or 100 (high); the composite is the weighted sum, 0 to 100.</p>
        {isRecord(d.weights) ? (
          <ul className="factor-list">
            {Object.entries(d.weights).map(([k, w]) => (
              <li key={k}><span className="factor-name">{FACTOR_NAMES[k] ?? k}</span><span className="factor-points">weight {text(w)}</span></li>
            ))}
          </ul>
        ) : <DataList data={{ weights: d.weights }} />}
      </section>
      <section className="panel" aria-labelledby="countries-title">
        <h2 id="countries-title">Countries</h2>
        <Countries countries={d.countries} unlisted={d.unlistedCountryLevel} />
      </section>
      <section className="panel" aria-labelledby="keywords-title">
        <h2 id="keywords-title">Industries and entity types</h2>
        <p>The first keyword that starts a word of the industry (or business activity), or of the entity type, gives the level.</p>
        <Keywords title="Industries" rules={d.industries} unlisted={d.unlistedIndustryLevel} />
        <Keywords title="Entity types" rules={d.entityTypes} unlisted={d.unlistedEntityTypeLevel} />
      </section>
      <section className="panel" aria-labelledby="more-title">
        <h2 id="more-title">Ownership, screening and international transactions</h2>
        <dl className="facts">
          <dt>Ownership</dt>
          <dd>
            {isRecord(d.ownership) && num(d.ownership.untracedMediumPercent) !== null && num(d.ownership.untracedHighPercent) !== null
              ? `Medium from ${text(d.ownership.untracedMediumPercent)}% of the company not traced to a declared UBO, high from ${text(d.ownership.untracedHighPercent)}%; an offshore UBO makes it high.`
              : <DataList data={{ ownership: d.ownership }} />}
          </dd>
          <dt>International transactions</dt>
          <dd>{LEVEL_WORDS[text(d.internationalLevel)] ?? text(d.internationalLevel)}; a high-risk country among them makes it high.</dd>
        </dl>
        <h3 className="section-subtitle">Screening hit scores</h3>
        <p className="small">Each hit scores by its kind and outcome (a false positive scores 0); the factor takes the highest.</p>
        {isRecord(d.screening) ? (
          <ul className="factor-list">
            {Object.entries(d.screening).map(([kind, s]) => (
              <li key={kind}>
                <span className="factor-name">{HIT_KIND_NAMES[kind] ?? kind}</span>
                <span>{isRecord(s) ? `true match ${text(s.true_match)} · escalated ${text(s.escalate)} · not triaged ${text(s.untriaged)}` : text(s)}</span>
              </li>
            ))}
          </ul>
        ) : <DataList data={{ screening: d.screening }} />}
      </section>
      {Object.keys(others).length ? (
        <section className="panel" aria-labelledby="other-title">
          <h2 id="other-title">Other settings</h2>
          <DataList data={others} />
        </section>
      ) : null}
    </>
  );
}

function Bands({ bands, labels }: { bands: unknown; labels: unknown }) {
  const label = (band: string) => (isRecord(labels) && typeof labels[band] === 'string' ? (labels[band] as string) : LEVEL_WORDS[band] ?? band);
  if (!isRecord(bands) || num(bands.medium) === null || num(bands.high) === null) return <DataList data={{ bands, bandLabels: labels }} />;
  const prohibited = num(bands.prohibited);
  return (
    <dl className="facts">
      <dt>{label('low')}</dt>
      <dd>score below {text(bands.medium)}</dd>
      <dt>{label('medium')}</dt>
      <dd>from {text(bands.medium)} to below {text(bands.high)}</dd>
      <dt>{label('high')}</dt>
      <dd>from {text(bands.high)}{prohibited !== null ? ` to below ${prohibited}` : ''}</dd>
      <dt>{label('prohibited')}</dt>
      <dd>{prohibited !== null ? `from ${prohibited}, or ` : 'only '}when a prohibited country is on the case</dd>
    </dl>
  );
}

function Countries({ countries, unlisted }: { countries: unknown; unlisted: unknown }) {
  if (!isRecord(countries)) return <DataList data={{ countries, unlistedCountryLevel: unlisted }} />;
  const byLevel = (level: string) => Object.entries(countries).filter(([, l]) => l === level).map(([code]) => code).sort();
  const listedLevels = new Set<string>(LEVELS);
  const odd = Object.entries(countries).filter(([, l]) => !listedLevels.has(String(l)));
  return (
    <dl className="facts">
      {LEVELS.map((level) => {
        const codes = byLevel(level);
        return codes.length ? (
          <div key={level} className="facts-row"><dt>{LEVEL_WORDS[level]}</dt><dd>{codes.join(', ')}</dd></div>
        ) : null;
      })}
      {odd.map(([code, l]) => <div key={code} className="facts-row"><dt>{code}</dt><dd>{text(l)}</dd></div>)}
      <div className="facts-row"><dt>Any other country</dt><dd>{LEVEL_WORDS[text(unlisted)] ?? text(unlisted)}</dd></div>
    </dl>
  );
}

function Keywords({ title, rules, unlisted }: { title: string; rules: unknown; unlisted: unknown }) {
  return (
    <>
      <h3 className="section-subtitle">{title}</h3>
      {Array.isArray(rules) ? (
        <p>
          {rules.length ? rules.map((r) => (isRecord(r) ? `${text(r.match)} (${text(r.level)})` : text(r))).join(', ') : 'No keywords.'}
          {' '}Anything else: {LEVEL_WORDS[text(unlisted)]?.toLowerCase() ?? text(unlisted)}.
        </p>
      ) : <DataList data={{ [title]: rules }} />}
    </>
  );
}

const DEFINITION_FIELDS = ['definition'];

type ModelView = 'form' | 'json';

/**
 * The definition edited as a form or as JSON (Advanced); one Save for both: the view shown is what is saved.
 * Switching carries the definition across (JSON that parses as an object becomes the form).
 */
function EditDefinition({ definition, onCancel, onSaved }: { definition: Record<string, unknown>; onCancel: () => void; onSaved: (version: number) => void }) {
  const [view, setView] = useState<ModelView>('form');
  const [model, setModel] = useState<ModelDraft>(() => fromDefinition(definition));
  const [json, setJson] = useState(() => JSON.stringify(definition, null, 2));
  const [switchError, setSwitchError] = useState<string | null>(null);
  const action = useAction((text: string) => execute(UpdateRiskModel, { input: { definition: text } }), useSignInOnUnauthenticated());
  const error = useMemo(() => problemsToFix(action.error, 'The risk model was not saved'), [action.error]);
  const { fieldErrors, rest, edited } = useFieldErrors(error, DEFINITION_FIELDS);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await action.run(view === 'form' ? JSON.stringify(toDefinition(model)) : json);
    if (done) onSaved(done.updateRiskModel.version);
  }
  function switchTo(next: ModelView) {
    if (next === view) return;
    if (next === 'json') setJson(JSON.stringify(toDefinition(model), null, 2));
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        setSwitchError('The definition is not valid JSON: fix it here before going back to the form.');
        return;
      }
      if (!isRecord(parsed)) {
        setSwitchError('The definition must be an object ({ … }) before going back to the form.');
        return;
      }
      setModel(fromDefinition(parsed));
    }
    setSwitchError(null);
    setView(next);
  }
  return (
    <section className="panel" aria-labelledby="edit-model-title">
      <h2 id="edit-model-title">Edit the risk model</h2>
      <Form className="form" onSubmit={save} validationErrors={fieldErrors}>
        <RadioGroup className="radio-group view-switch" value={view} onChange={(v) => switchTo(v as ModelView)} orientation="horizontal">
          <Label>Edit the model as</Label>
          <div className="radios radios-inline">
            <Radio className="radio" value="form"><span className="radio-dot" aria-hidden="true" />Form</Radio>
            <Radio className="radio" value="json"><span className="radio-dot" aria-hidden="true" />Advanced (JSON)</Radio>
          </div>
        </RadioGroup>
        {switchError ? <p className="notice notice-error" role="alert">{switchError}</p> : null}
        {view === 'form' ? <RiskModelForm model={model} onChange={setModel} /> : (
          <Field
            multiline className="field json-editor" label="Definition (JSON)" name="definition" value={json} isRequired spellCheck="false"
            onChange={(v) => { setJson(v); edited('definition'); }}
            hint="weights (adding up to 100), countries (ISO code: low, medium, high or prohibited), unlistedCountryLevel, industries and entityTypes ([{match, level}]) with their unlisted levels, ownership, screening, internationalLevel, bands and bandLabels."
          />
        )}
        {rest ? <ErrorNotice error={rest} /> : null}
        <div className="dialog-buttons">
          <Button className="button" onPress={onCancel}>Cancel</Button>
          <Button className="button button-primary" type="submit" isDisabled={action.pending}>Save as a new version</Button>
        </div>
      </Form>
    </section>
  );
}
