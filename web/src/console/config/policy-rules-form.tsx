// The decision policy's rules as a form: each rule a name, "all of" or "any of" a list of named conditions
// (policy-words.ts: "any sanctioned hit confirmed", "risk band is high", "country is one of …" with a country
// picker), and an outcome; rules added, removed and reordered. A condition no named condition reads (another
// fact or operator, a nested group) is shown read-only in words and kept exactly as it is; so is a rule whose
// conditions are not "all of" or "any of" (a `not` at the top). The form writes the same JSON the Advanced
// (JSON) view would: fromRules(rules) then toRules(...) gives the rules back unchanged.
import { NumberField, Input, Label, Button } from 'react-aria-components';
import type { RoutingOutcome } from '../../gql/graphql';
import { CountriesInput } from '../../portal/fields';
import { Check, CheckGroup } from '../../ui/check';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { ROUTING_LABELS } from '../cases/labels';
import {
  AI_RECOMMENDATIONS, BAND_WORDS, BANDS, conditionsWords, isLeaf, TEMPLATES, templateOf, type Param, type PolicyNode, type Template,
} from '../policy-words';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One condition of a rule in the form: a named condition with its parameter, or one kept as it is (read-only). */
export type ConditionDraft = { key: number; template: string; param: Param } | { key: number; kept: unknown };

export interface RuleDraft {
  key: number;
  name: string;
  outcome: RoutingOutcome;
  /** How the conditions combine; null when the rule's conditions are kept as they are (`fixed`). */
  mode: 'all' | 'any' | null;
  conditions: ConditionDraft[];
  fixed?: unknown;
}

let nextKey = 1;
const key = () => nextKey++;

const OUTCOMES = Object.keys(ROUTING_LABELS) as RoutingOutcome[];
const OUTCOME_OPTIONS = OUTCOMES.map((id) => ({ id, label: ROUTING_LABELS[id] }));
const TEMPLATE_OPTIONS = TEMPLATES.map((t) => ({ id: t.id, label: t.label }));
const MODE_OPTIONS = [{ id: 'all', label: 'all of these hold' }, { id: 'any', label: 'any of these holds' }];
const byId = new Map(TEMPLATES.map((t) => [t.id, t]));

function conditionOf(node: unknown): ConditionDraft {
  if (isLeaf(node)) {
    const named = templateOf(node);
    if (named) return { key: key(), template: named.template.id, param: named.param };
  }
  return { key: key(), kept: node };
}

/** The stored rules as the form's drafts. */
export function fromRules(rules: readonly unknown[]): RuleDraft[] {
  return rules.map((r) => {
    const rule = isRecord(r) ? r : {};
    const name = typeof rule.name === 'string' ? rule.name : '';
    const outcome = (OUTCOMES as string[]).includes(String(rule.outcome)) ? (rule.outcome as RoutingOutcome) : 'REVIEW_LEVEL_1';
    const c = rule.conditions;
    if (isRecord(c) && Array.isArray(c.all)) return { key: key(), name, outcome, mode: 'all', conditions: c.all.map(conditionOf) };
    if (isRecord(c) && Array.isArray(c.any)) return { key: key(), name, outcome, mode: 'any', conditions: c.any.map(conditionOf) };
    return { key: key(), name, outcome, mode: null, conditions: [], fixed: c };
  });
}

function nodeOf(c: ConditionDraft): unknown {
  if ('kept' in c) return c.kept;
  return byId.get(c.template)!.write(c.param);
}

/** The form's drafts as the rules JSON updateDecisionPolicy takes (the Advanced view's text, parsed). */
export function toRules(drafts: readonly RuleDraft[]): { name: string; conditions: PolicyNode | unknown; outcome: RoutingOutcome }[] {
  return drafts.map((d) => ({
    name: d.name,
    conditions: d.mode === null ? d.fixed : { [d.mode]: d.conditions.map(nodeOf) },
    outcome: d.outcome,
  }));
}

/** A new named condition's starting parameter. */
function startParam(t: Template): Param {
  switch (t.param) {
    case 'bands': return { list: ['high'], single: true };
    case 'countries': return { list: [], single: true };
    case 'number': return { number: 0 };
    case 'recommendation': return { text: 'Decline' };
    default: return null;
  }
}

export function newRule(): RuleDraft {
  return { key: key(), name: '', outcome: 'REVIEW_LEVEL_1', mode: 'all', conditions: [{ key: key(), template: 'sanctionConfirmed', param: null }] };
}

/** The rules editor: one card per rule, in order. */
export function RulesForm({ rules, onChange }: { rules: RuleDraft[]; onChange: (rules: RuleDraft[]) => void }) {
  const set = (i: number, rule: RuleDraft) => onChange(rules.map((r, j) => (j === i ? rule : r)));
  const move = (i: number, by: number) => {
    const next = [...rules];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r!);
    onChange(next);
  };
  return (
    <div className="rules-form">
      {rules.length === 0 ? <p className="empty">No rules: every case takes the default outcome.</p> : (
        <ol className="cards rule-editors" aria-label="Rules">
          {rules.map((rule, i) => (
            <RuleEditor
              key={rule.key} index={i} rule={rule} count={rules.length}
              onChange={(r) => set(i, r)}
              onMove={(by) => move(i, by)}
              onRemove={() => onChange(rules.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
      )}
      <p className="toolbar"><Button className="button" onPress={() => onChange([...rules, newRule()])}>Add a rule</Button></p>
    </div>
  );
}

function RuleEditor({ index, rule, count, onChange, onMove, onRemove }: {
  index: number; rule: RuleDraft; count: number; onChange: (r: RuleDraft) => void; onMove: (by: number) => void; onRemove: () => void;
}) {
  const titleId = `rule-editor-${rule.key}`;
  const label = `rule ${index}`;
  const setCondition = (j: number, c: ConditionDraft) => onChange({ ...rule, conditions: rule.conditions.map((x, k) => (k === j ? c : x)) });
  return (
    <li className="card rule-editor" aria-labelledby={titleId}>
      <h3 className="card-title" id={titleId}>Rule {index}{rule.name ? `: ${rule.name}` : ''}</h3>
      <Field label="Name" name={`rules.${index}.name`} value={rule.name} isRequired maxLength={200} onChange={(name) => onChange({ ...rule, name })} />
      {rule.mode === null ? (
        <div className="kept-conditions">
          <p><strong>When:</strong> {conditionsWords(rule.fixed)}</p>
          <p className="small muted">The form cannot change these conditions: edit them in the Advanced (JSON) view. They are kept as they are.</p>
        </div>
      ) : (
        <fieldset className="conditions-editor">
          <legend>When</legend>
          <SelectField label="Combine" value={rule.mode} options={MODE_OPTIONS} onChange={(v) => onChange({ ...rule, mode: v as 'all' | 'any' })} />
          <ol className="condition-list">
            {rule.conditions.map((c, j) => (
              <li key={c.key} className="condition-row">
                <ConditionEditor ruleIndex={index} index={j} condition={c} onChange={(next) => setCondition(j, next)} />
                <Button className="button button-small" aria-label={`Remove condition ${j + 1} of ${label}`}
                  onPress={() => onChange({ ...rule, conditions: rule.conditions.filter((_, k) => k !== j) })}>Remove condition</Button>
              </li>
            ))}
          </ol>
          {rule.conditions.length === 0 ? <p className="small">Add at least one condition.</p> : null}
          <Button className="button button-small"
            onPress={() => onChange({ ...rule, conditions: [...rule.conditions, { key: key(), template: 'sanctionConfirmed', param: null }] })}>
            Add a condition
          </Button>
        </fieldset>
      )}
      <SelectField label="Then" name={`rules.${index}.outcome`} value={rule.outcome} options={OUTCOME_OPTIONS} onChange={(v) => onChange({ ...rule, outcome: v as RoutingOutcome })} />
      <div className="toolbar rule-moves">
        <Button className="button button-small" isDisabled={index === 0} aria-label={`Move up: ${label}`} onPress={() => onMove(-1)}>Move up</Button>
        <Button className="button button-small" isDisabled={index === count - 1} aria-label={`Move down: ${label}`} onPress={() => onMove(1)}>Move down</Button>
        <Button className="button button-small button-danger" aria-label={`Remove ${label}`} onPress={onRemove}>Remove rule</Button>
      </div>
    </li>
  );
}

function ConditionEditor({ ruleIndex, index, condition: c, onChange }: {
  ruleIndex: number; index: number; condition: ConditionDraft; onChange: (c: ConditionDraft) => void;
}) {
  const n = index + 1;
  if ('kept' in c) {
    return (
      <div className="kept-condition">
        <p><span className="condition-label">Condition {n}:</span> {conditionsWords(c.kept)}</p>
        <p className="small muted">Not one of the form's named conditions: kept as it is; edit it in the Advanced (JSON) view.</p>
      </div>
    );
  }
  const t = byId.get(c.template)!;
  const name = `rules.${ruleIndex}.conditions.${index}`;
  return (
    <div className="condition-editor">
      <SelectField label={`Condition ${n}`} value={c.template} options={TEMPLATE_OPTIONS}
        onChange={(id) => { const next = byId.get(id); if (next) onChange({ key: c.key, template: id, param: startParam(next) }); }} />
      {t.param === 'bands' ? (
        <CheckGroup label={`Bands of condition ${n}`} name={`${name}.bands`} value={c.param && 'list' in c.param ? c.param.list : []}
          onChange={(list) => onChange({ ...c, param: { list: BANDS.filter((b) => list.includes(b)), single: c.param && 'single' in c.param ? c.param.single : true } })}>
          {BANDS.map((b) => <Check key={b} value={b}>{BAND_WORDS[b]}</Check>)}
        </CheckGroup>
      ) : null}
      {t.param === 'countries' ? (
        <CountriesInput name={`${name}.countries`} label={`Countries of condition ${n}`} value={c.param && 'list' in c.param ? c.param.list : []}
          onChange={(list) => onChange({ ...c, param: { list, single: c.param && 'single' in c.param ? c.param.single : true } })} />
      ) : null}
      {t.param === 'number' ? (
        <NumberField className="field" value={c.param && 'number' in c.param ? c.param.number : 0} minValue={0} maxValue={1000}
          onChange={(v) => onChange({ ...c, param: { number: Number.isNaN(v) ? 0 : v } })}>
          <Label>Value of condition {n}</Label>
          <Input inputMode="decimal" />
        </NumberField>
      ) : null}
      {t.param === 'recommendation' ? (
        <SelectField label={`Recommendation of condition ${n}`} value={c.param && 'text' in c.param ? c.param.text : 'Decline'}
          options={AI_RECOMMENDATIONS.map((r) => ({ id: r, label: r }))} onChange={(text) => onChange({ ...c, param: { text } })} />
      ) : null}
      <p className="small condition-words">Reads: {t.words(c.param)}</p>
    </div>
  );
}
