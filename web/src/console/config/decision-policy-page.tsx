// Compliance Configuration › Decision policy: the active version (name, ordered rules with their conditions
// and outcomes in words, default outcome, the age gate), `Edit policy` for compliance admins (a new version,
// updateDecisionPolicy): the rules as a form of named conditions (policy-rules-form.tsx), or as JSON in the
// Advanced (JSON) view; a Preview of where the policy (or the draft) would route the open cases
// (previewDecisionPolicy), and a Dry run for every member (dryRunDecisionPolicy: the active policy or draft
// rules against an existing case; records nothing). Rules are numbered from 0, as routing.evaluated's
// matchedRuleIndex and the automatic decisions' notes number them.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button, Form, Label, Link, Radio, RadioGroup } from 'react-aria-components';
import { graphql } from '../../gql';
import type { ConsolePolicyDryRunMutation, DecisionPolicyQuery, PreviewDecisionPolicyMutation, RoutingOutcome } from '../../gql/graphql';
import { execute, RequestError } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { DataList } from '../../ui/data-list';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { branchText } from '../cases/case-routing';
import { ROUTING_LABELS, routingClass } from '../cases/labels';
import { useFieldErrors } from '../form-errors';
import { factValueWords, factWords, leafWords, isLeaf } from '../policy-words';
import { useSignInOnUnauthenticated } from '../require-member';
import { fromRules, RulesForm, toRules, type RuleDraft } from './policy-rules-form';
import { problemsToFix } from './problems';
import { Success, useLastData, When } from './ui';
import { useSettings } from './viewer';

const DecisionPolicyQueryDoc = graphql(`
  query DecisionPolicy {
    decisionPolicy {
      policyId
      name
      version
      rules
      defaultOutcome
      minimumAge
      individualEntityTypes
      createdBy
      createdAt
    }
  }
`);

const UpdateDecisionPolicy = graphql(`
  mutation UpdateDecisionPolicy($input: DecisionPolicyInput!) {
    updateDecisionPolicy(input: $input) {
      policyId
      version
    }
  }
`);

const DryRun = graphql(`
  mutation ConsolePolicyDryRun($caseId: ID!, $rules: String) {
    dryRunDecisionPolicy(caseId: $caseId, rules: $rules) {
      policyId
      policyName
      outcome
      matchedRuleIndex
      gate
      facts
    }
  }
`);

const Preview = graphql(`
  mutation PreviewDecisionPolicy($draft: String) {
    previewDecisionPolicy(draft: $draft) {
      policyId
      casesEvaluated
      truncated
      cases {
        caseId
        companyName
        outcome
        matchedRuleIndex
        gate
      }
    }
  }
`);

type Policy = DecisionPolicyQuery['decisionPolicy'];
type DryRunResult = ConsolePolicyDryRunMutation['dryRunDecisionPolicy'];

const AREA = 'Compliance configuration';
const OUTCOME_OPTIONS = (Object.keys(ROUTING_LABELS) as RoutingOutcome[]).map((id) => ({ id, label: ROUTING_LABELS[id] }));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const load = () => execute(DecisionPolicyQueryDoc);

export function DecisionPolicyPage() {
  const { viewer } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const request = useRequest(load, 'decision-policy', onError);
  const data = useLastData(request);
  const mayEdit = viewer.viewerCan.configureDecisionPolicy;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const policy = data?.decisionPolicy;

  return (
    <Page title="Decision policy" area={AREA} lead="How a scored case is routed: the first rule that matches decides; no match takes the default outcome.">
      {!data && request.status === 'loading' ? <Loading label="Loading the decision policy…" /> : null}
      {request.status === 'error' ? <ErrorNotice error={request.error} onRetry={request.reload} /> : null}
      {saved ? <Success><p>{saved}</p></Success> : null}
      {policy ? (
        <>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{policy.name}</dd>
            <dt>Version</dt>
            <dd>{policy.version}, saved <When at={policy.createdAt} /> by {policy.createdBy === 'system' ? 'the system (the default policy)' : policy.createdBy}</dd>
            <dt>Default outcome</dt>
            <dd><span className={routingClass(policy.defaultOutcome)}>{ROUTING_LABELS[policy.defaultOutcome]}</span></dd>
            <dt>Age gate</dt>
            <dd>An individual customer under {policy.minimumAge} is declined automatically, before the rules.</dd>
            <dt>Individual entity types</dt>
            <dd>{policy.individualEntityTypes.length ? policy.individualEntityTypes.join(', ') : 'None'}</dd>
          </dl>
          {mayEdit ? (
            editing ? (
              <EditPolicy
                policy={policy}
                onCancel={() => setEditing(false)}
                onSaved={(version) => {
                  setEditing(false);
                  setSaved(`The decision policy is saved as version ${version}. Cases routed from now on use it.`);
                  request.reload();
                }}
              />
            ) : (
              <p className="toolbar"><Button className="button button-primary" onPress={() => { setSaved(null); setEditing(true); }}>Edit policy</Button></p>
            )
          ) : <p className="muted">A compliance admin can edit the decision policy.</p>}
          <section className="panel" aria-labelledby="rules-title">
            <h2 id="rules-title">Rules, in order</h2>
            {policy.rules.length === 0 ? <p className="empty">No rules: every case takes the default outcome.</p> : (
              <ul className="cards" aria-labelledby="rules-title">
                {policy.rules.map((rule, i) => <RuleCard key={i} index={i} rule={rule} />)}
              </ul>
            )}
          </section>
          {!editing ? <PreviewPanel rules={policy.rules} draft={null} title="Preview on open cases" level={2} /> : null}
          <DryRunPanel policy={policy} />
        </>
      ) : null}
    </Page>
  );
}

function RuleCard({ index, rule }: { index: number; rule: Record<string, unknown> }) {
  const outcome = typeof rule.outcome === 'string' && rule.outcome in ROUTING_LABELS ? (rule.outcome as RoutingOutcome) : null;
  return (
    <li className="card">
      <h3 className="card-title">Rule {index}: {typeof rule.name === 'string' ? rule.name : 'unnamed'}</h3>
      <p className="card-meta">Then: {outcome ? <span className={routingClass(outcome)}>{ROUTING_LABELS[outcome]}</span> : JSON.stringify(rule.outcome)}</p>
      <p className="small">When:</p>
      <Conditions node={rule.conditions} />
    </li>
  );
}

/** json-rules-engine conditions in words: all/any/not groups as nested lists, each leaf in policy-words.ts's words. */
function Conditions({ node }: { node: unknown }) {
  if (!isRecord(node)) return <pre className="code">{JSON.stringify(node, null, 2)}</pre>;
  if (Array.isArray(node.all) || Array.isArray(node.any)) {
    const all = Array.isArray(node.all);
    const items = (all ? node.all : node.any) as unknown[];
    if (items.length === 1) return <Conditions node={items[0]} />;
    return (
      <>
        <span>{all ? 'all of these:' : 'any of these:'}</span>
        <ul className="rule-conditions">{items.map((n, i) => <li key={i}><Conditions node={n} /></li>)}</ul>
      </>
    );
  }
  if ('not' in node) {
    return (
      <>
        <span>not:</span>
        <ul className="rule-conditions"><li><Conditions node={node.not} /></li></ul>
      </>
    );
  }
  if (isLeaf(node)) return <span>{leafWords(node)}</span>;
  return <pre className="code">{JSON.stringify(node, null, 2)}</pre>;
}

const POLICY_FIELDS = ['name', 'rules', 'defaultOutcome', 'minimumAge', 'individualEntityTypes'];

/** Where the rules are edited: the form of named conditions, or the JSON text (Advanced). */
type RulesView = 'form' | 'json';

const notJson = () => new RequestError('The rules are not valid JSON: fix them in the Advanced (JSON) view first.', 'BAD_USER_INPUT', undefined, [{ path: 'rules', message: 'must be valid JSON' }]);

/**
 * The policy's settings and its rules, edited as a form or as JSON (one Save for both: the view shown is what
 * is saved). Switching views carries the rules across: the form writes its JSON; JSON that parses becomes the form.
 */
function EditPolicy({ policy, onCancel, onSaved }: { policy: Policy; onCancel: () => void; onSaved: (version: number) => void }) {
  const [name, setName] = useState(policy.name);
  const [view, setView] = useState<RulesView>('form');
  const [drafts, setDrafts] = useState<RuleDraft[]>(() => fromRules(policy.rules));
  const [rules, setRules] = useState(() => JSON.stringify(policy.rules, null, 2));
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [defaultOutcome, setDefaultOutcome] = useState<RoutingOutcome>(policy.defaultOutcome);
  const [minimumAge, setMinimumAge] = useState(String(policy.minimumAge));
  const [types, setTypes] = useState(policy.individualEntityTypes.join('\n'));
  const rulesText = () => (view === 'form' ? JSON.stringify(toRules(drafts)) : rules);
  const settings = () => ({
    name, defaultOutcome, minimumAge: Number(minimumAge),
    individualEntityTypes: types.split('\n').map((t) => t.trim()).filter(Boolean),
  });
  const action = useAction(
    () => execute(UpdateDecisionPolicy, { input: { ...settings(), rules: rulesText() } }),
    useSignInOnUnauthenticated(),
  );
  const error = useMemo(() => problemsToFix(action.error, 'The decision policy was not saved'), [action.error]);
  const { fieldErrors, rest, edited } = useFieldErrors(error, POLICY_FIELDS);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await action.run(undefined);
    if (done) onSaved(done.updateDecisionPolicy.version);
  }
  function switchTo(next: RulesView) {
    if (next === view) return;
    if (next === 'json') {
      setRules(JSON.stringify(toRules(drafts), null, 2));
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rules);
      } catch {
        setSwitchError('The rules are not valid JSON: fix them here before going back to the form.');
        return;
      }
      if (!Array.isArray(parsed)) {
        setSwitchError('The rules must be a list ([ … ]) before going back to the form.');
        return;
      }
      setDrafts(fromRules(parsed));
    }
    setSwitchError(null);
    setView(next);
  }
  /** The draft for a preview: the settings and the rules as they stand in either view (a JSON view that does not parse: an error). */
  function draft(): string {
    const text = rulesText();
    try {
      return JSON.stringify({ ...settings(), rules: JSON.parse(text) });
    } catch {
      throw notJson();
    }
  }
  return (
    <section className="panel" aria-labelledby="edit-policy-title">
      <h2 id="edit-policy-title">Edit the decision policy</h2>
      <Form className="form" onSubmit={save} validationErrors={fieldErrors}>
        {rest ? <ErrorNotice error={rest} /> : null}
        <Field label="Name" name="name" value={name} isRequired maxLength={200} onChange={(v) => { setName(v); edited('name'); }} />
        <RadioGroup className="radio-group view-switch" value={view} onChange={(v) => switchTo(v as RulesView)} orientation="horizontal">
          <Label>Edit the rules as</Label>
          <div className="radios radios-inline">
            <Radio className="radio" value="form"><span className="radio-dot" aria-hidden="true" />Form</Radio>
            <Radio className="radio" value="json"><span className="radio-dot" aria-hidden="true" />Advanced (JSON)</Radio>
          </div>
        </RadioGroup>
        {switchError ? <p className="notice notice-error" role="alert">{switchError}</p> : null}
        {view === 'form' ? (
          <section className="rules-form-section" aria-labelledby="rules-form-title">
            <h3 id="rules-form-title" className="section-subtitle">Rules, in order: the first that matches decides</h3>
            <RulesForm rules={drafts} onChange={(next) => { setDrafts(next); edited('rules'); }} />
          </section>
        ) : (
          <Field
            multiline className="field json-editor" label="Rules (JSON)" name="rules" value={rules} isRequired
            onChange={(v) => { setRules(v); edited('rules'); }}
            hint="An ordered list of {name, conditions, outcome}; conditions are all / any / not of {fact, operator, value} (json-rules-engine). The first rule that matches decides."
          />
        )}
        <SelectField label="Default outcome (no rule matches)" name="defaultOutcome" isRequired value={defaultOutcome} options={OUTCOME_OPTIONS} onChange={(v) => { setDefaultOutcome(v as RoutingOutcome); edited('defaultOutcome'); }} />
        <Field
          label="Minimum age" name="minimumAge" value={minimumAge} isRequired inputMode="numeric"
          validate={(v) => (/^\d{1,3}$/.test(v.trim()) ? null : 'Enter a whole number of years.')}
          onChange={(v) => { setMinimumAge(v); edited('minimumAge'); }}
          hint="Individual customers younger than this are declined automatically (0 to 150)."
        />
        <Field
          multiline label="Individual entity types" name="individualEntityTypes" value={types}
          onChange={(v) => { setTypes(v); edited('individualEntityTypes'); }}
          hint="One per line: entity types that make the customer an individual (for the age gate)."
        />
        <PreviewPanel rules={view === 'form' ? toRules(drafts) : parsedList(rules)} draft={draft} title="Preview this draft on open cases" level={3} />
        <div className="dialog-buttons">
          <Button className="button" onPress={onCancel}>Cancel</Button>
          <Button className="button button-primary" type="submit" isDisabled={action.pending}>Save as a new version</Button>
        </div>
      </Form>
    </section>
  );
}

/** JSON text's list of rule objects, or null when it does not parse as one. */
function parsedList(text: string): Record<string, unknown>[] | null {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter(isRecord) : null;
  } catch {
    return null;
  }
}

type PreviewResult = PreviewDecisionPolicyMutation['previewDecisionPolicy'];

/**
 * Where the policy (or a draft) would route the newest open cases, rule by rule, each case linked; nothing is
 * recorded. `draft` gives the draft's JSON (null: the active policy); `rules` names the rules it shows.
 */
export function PreviewPanel({ rules, draft, title, level }: {
  rules: readonly Record<string, unknown>[] | null; draft: (() => string) | null; title: string; level: 2 | 3;
}) {
  const titleId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const [shown, setShown] = useState<{ result: PreviewResult; rules: readonly Record<string, unknown>[] | null } | null>(null);
  const [local, setLocal] = useState<RequestError | null>(null);
  const action = useAction((d: string | null) => execute(Preview, { draft: d }), useSignInOnUnauthenticated());
  const error = useMemo(() => problemsToFix(local ?? action.error, 'The preview did not run'), [local, action.error]);
  async function run() {
    setShown(null);
    setLocal(null);
    let d: string | null = null;
    try {
      d = draft ? draft() : null;
    } catch (e) {
      setLocal(e as RequestError);
      return;
    }
    const done = await action.run(d);
    if (done) setShown({ result: done.previewDecisionPolicy, rules });
  }
  const r = shown?.result;
  const groups = r ? previewGroups(r, shown.rules) : [];
  return (
    <section className="panel preview-panel" aria-labelledby={titleId}>
      <Heading id={titleId} className={level === 3 ? 'section-subtitle' : undefined}>{title}</Heading>
      <p className="small">Where each open case would go as it stands now (the newest 200). Nothing is recorded and no case is decided.</p>
      <Button className="button" isDisabled={action.pending} onPress={() => void run()}>Preview on open cases</Button>
      {error ? <ErrorNotice error={error} /> : null}
      <div role="status" aria-live="polite">
        {r ? (
          <p className="preview-summary">
            {r.casesEvaluated === 0 ? 'There are no open cases to preview.'
              : `${r.casesEvaluated} open ${r.casesEvaluated === 1 ? 'case' : 'cases'} evaluated${r.truncated ? ' (the newest 200 only)' : ''}.`}
          </p>
        ) : null}
      </div>
      {r && r.casesEvaluated > 0 ? (
        <ul className="preview-groups" aria-label="Preview by rule">
          {groups.map((g) => (
            <li key={g.key} className="preview-group">
              <p className="preview-group-title">
                <strong>{g.title}</strong> → <span className={routingClass(g.outcome)}>{ROUTING_LABELS[g.outcome]}</span>: {g.cases.length} {g.cases.length === 1 ? 'case' : 'cases'}
              </p>
              {g.cases.length ? (
                <ul className="preview-cases">
                  {g.cases.map((c) => <li key={c.caseId}><Link href={`/console/cases/${c.caseId}`}>{c.companyName ?? c.caseId}</Link></li>)}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The preview's cases by the branch that took them: each rule in order (also those that take none), the age gate, the default. */
function previewGroups(r: PreviewResult, rules: readonly Record<string, unknown>[] | null) {
  type Group = { key: string; title: string; outcome: RoutingOutcome; cases: PreviewResult['cases'] };
  const groups: Group[] = [];
  const count = Math.max(rules?.length ?? 0, ...r.cases.map((c) => (c.matchedRuleIndex ?? -1) + 1));
  for (let i = 0; i < count; i++) {
    const cases = r.cases.filter((c) => c.gate === null && c.matchedRuleIndex === i);
    const rule = rules?.[i];
    const outcome = (cases[0]?.outcome ?? (typeof rule?.outcome === 'string' ? rule.outcome : 'REVIEW_LEVEL_1')) as RoutingOutcome;
    groups.push({ key: `rule-${i}`, title: `Rule ${i}${typeof rule?.name === 'string' && rule.name ? `: ${rule.name}` : ''}`, outcome, cases });
  }
  const gated = r.cases.filter((c) => c.gate === 'age_gate');
  if (gated.length) groups.push({ key: 'gate', title: 'The age gate', outcome: 'DECLINE', cases: gated });
  const rest = r.cases.filter((c) => c.gate === null && c.matchedRuleIndex === null);
  if (rest.length) groups.push({ key: 'default', title: 'No rule matches (default outcome)', outcome: rest[0]!.outcome, cases: rest });
  return groups;
}

const DRY_RUN_FIELDS = ['caseId', 'rules'];

/** The rules a dry run evaluated: the draft's when it parses as a list (or a policy with rules), else the active policy's. */
function rulesOf(draft: string, policy: Policy): readonly Record<string, unknown>[] {
  if (!draft.trim()) return policy.rules;
  try {
    const parsed: unknown = JSON.parse(draft);
    const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.rules) ? parsed.rules : null;
    return (list ?? policy.rules).filter(isRecord);
  } catch {
    return policy.rules;
  }
}

function DryRunPanel({ policy }: { policy: Policy }) {
  const [caseId, setCaseId] = useState('');
  const [draft, setDraft] = useState('');
  const [shown, setShown] = useState<{ result: DryRunResult; rules: readonly Record<string, unknown>[] } | null>(null);
  const action = useAction(
    (input: { caseId: string; draft: string }) => execute(DryRun, { caseId: input.caseId.trim(), rules: input.draft.trim() ? input.draft : null }),
    useSignInOnUnauthenticated(),
  );
  const error = useMemo(() => problemsToFix(action.error, 'The dry run did not run'), [action.error]);
  const { fieldErrors, rest, edited } = useFieldErrors(error, DRY_RUN_FIELDS);
  async function run(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setShown(null);
    const done = await action.run({ caseId, draft });
    if (done) setShown({ result: done.dryRunDecisionPolicy, rules: rulesOf(draft, policy) });
  }
  const r = shown?.result;
  return (
    <section className="panel" aria-labelledby="dry-run-title">
      <h2 id="dry-run-title">Dry run</h2>
      <p>Evaluates the policy against an existing case as it stands now. Nothing is recorded and the case is not decided.</p>
      <Form className="form" onSubmit={run} validationErrors={fieldErrors}>
        <Field label="Case id" name="caseId" value={caseId} isRequired onChange={(v) => { setCaseId(v); edited('caseId'); }} hint="CS-2026-00042 or the case's UUID." />
        <Field
          multiline className="field json-editor-short" label="Draft rules (optional)" name="rules" value={draft}
          onChange={(v) => { setDraft(v); edited('rules'); }}
          hint="Leave empty to use the active policy. JSON: a list of rules, or a policy object whose fields replace the active policy's."
        />
        {rest ? <ErrorNotice error={rest} /> : null}
        <div className="actions">
          <Button className="button button-primary" type="submit" isDisabled={action.pending}>Dry run</Button>
        </div>
      </Form>
      <div role="status" aria-live="polite">
        {r ? (
          <div className="dry-run-result">
            <h3 className="section-subtitle">Result</h3>
            <dl className="facts">
              <dt>Outcome</dt>
              <dd><span className={routingClass(r.outcome)}>{ROUTING_LABELS[r.outcome]}</span></dd>
              <dt>Policy</dt>
              <dd>{r.policyId === null ? `Draft of “${r.policyName}”` : `${r.policyName} (version ${policy.version}, active)`}</dd>
              <dt>Matched</dt>
              <dd>{branchText(r, shown.rules)}</dd>
            </dl>
          </div>
        ) : null}
      </div>
      {r ? (
        <>
          <h3 className="section-subtitle">Facts the rules saw</h3>
          <DataList data={Object.fromEntries(Object.entries(r.facts).map(([k, v]) => [factWords(k), factValueWords(k, v)]))} />
        </>
      ) : null}
    </section>
  );
}
