// The risk model as a form: factor weights (a slider and a number each, with the running total), the band
// thresholds and labels, the country lists (a searchable picker per level: a country is on one list at most),
// industry and entity-type keywords, ownership, screening scores and international transactions. It writes the
// same definition the Advanced (JSON) view would (toDefinition(fromDefinition(d)) is d), and the server
// validates it field by field as it validates the JSON.
import { Button, Input, Label, NumberField } from 'react-aria-components';
import { CountriesInput } from '../../portal/fields';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';

const FACTORS = ['country', 'industry', 'entityType', 'ownership', 'screening', 'international', 'documents'] as const;
const FACTOR_NAMES: Record<string, string> = {
  country: 'Country of the company',
  industry: 'Industry',
  entityType: 'Entity type',
  ownership: 'Ownership (untraced ownership, offshore UBOs)',
  screening: 'Sanctions, PEP and adverse-media hits',
  international: 'International transactions',
  documents: 'Documents (errors, low confidence)',
};
const HIT_KINDS = ['sanctioned', 'pep', 'adverseMedia', 'other'] as const;
const HIT_KIND_NAMES: Record<string, string> = { sanctioned: 'Sanctioned', pep: 'PEP', adverseMedia: 'Adverse media', other: 'Other' };
const OUTCOMES = [['true_match', 'true match'], ['escalate', 'escalated'], ['untriaged', 'not triaged']] as const;
const COUNTRY_LISTS = [['prohibited', 'Prohibited countries'], ['high', 'High-risk countries'], ['medium', 'Medium-risk countries']] as const;
const BANDS = ['low', 'medium', 'high', 'prohibited'] as const;
const LEVEL_OPTIONS = [{ id: 'low', label: 'Low' }, { id: 'medium', label: 'Medium' }, { id: 'high', label: 'High' }];

type Level = 'low' | 'medium' | 'high';
interface Keyword { key: number; match: string; level: Level }

/** The risk model as the form holds it (the definition's shape, with the countries as one list per level). */
export interface ModelDraft {
  weights: Record<string, number>;
  countries: Record<'prohibited' | 'high' | 'medium' | 'low', string[]>;
  unlistedCountryLevel: Level;
  industries: Keyword[];
  unlistedIndustryLevel: Level;
  entityTypes: Keyword[];
  unlistedEntityTypeLevel: Level;
  ownership: { untracedMediumPercent: number; untracedHighPercent: number };
  screening: Record<string, Record<string, number>>;
  internationalLevel: Level;
  bands: { medium: number; high: number; prohibited: number | null };
  bandLabels: Record<string, string>;
}

let nextKey = 1;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numberOr = (v: unknown, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const levelOr = (v: unknown): Level => (v === 'low' || v === 'medium' || v === 'high' ? v : 'low');
const keywordsOf = (v: unknown): Keyword[] => (Array.isArray(v) ? v.filter(isRecord).map((k) => ({ key: nextKey++, match: String(k.match ?? ''), level: levelOr(k.level) })) : []);

export function fromDefinition(d: Record<string, unknown>): ModelDraft {
  const countries: ModelDraft['countries'] = { prohibited: [], high: [], medium: [], low: [] };
  if (isRecord(d.countries)) {
    for (const [code, level] of Object.entries(d.countries)) if (level === 'prohibited' || level === 'high' || level === 'medium' || level === 'low') countries[level].push(code);
  }
  const w = isRecord(d.weights) ? d.weights : {};
  const s = isRecord(d.screening) ? d.screening : {};
  const o = isRecord(d.ownership) ? d.ownership : {};
  const b = isRecord(d.bands) ? d.bands : {};
  const l = isRecord(d.bandLabels) ? d.bandLabels : {};
  return {
    weights: Object.fromEntries(FACTORS.map((f) => [f, numberOr(w[f])])),
    countries,
    unlistedCountryLevel: levelOr(d.unlistedCountryLevel),
    industries: keywordsOf(d.industries),
    unlistedIndustryLevel: levelOr(d.unlistedIndustryLevel),
    entityTypes: keywordsOf(d.entityTypes),
    unlistedEntityTypeLevel: levelOr(d.unlistedEntityTypeLevel),
    ownership: { untracedMediumPercent: numberOr(o.untracedMediumPercent), untracedHighPercent: numberOr(o.untracedHighPercent) },
    screening: Object.fromEntries(HIT_KINDS.map((k) => {
      const row = isRecord(s[k]) ? s[k] : {};
      return [k, Object.fromEntries(OUTCOMES.map(([o2]) => [o2, numberOr(row[o2])]))];
    })),
    internationalLevel: levelOr(d.internationalLevel),
    bands: { medium: numberOr(b.medium), high: numberOr(b.high), prohibited: typeof b.prohibited === 'number' ? b.prohibited : null },
    bandLabels: Object.fromEntries(BANDS.map((band) => [band, typeof l[band] === 'string' ? (l[band] as string) : ''])),
  };
}

/** The draft as the definition updateRiskModel takes (the JSON view's object). */
export function toDefinition(m: ModelDraft): Record<string, unknown> {
  const countries: Record<string, string> = {};
  for (const level of ['prohibited', 'high', 'medium', 'low'] as const) for (const code of m.countries[level]) countries[code] = level;
  const keywords = (list: Keyword[]) => list.map((k) => ({ match: k.match, level: k.level }));
  return {
    weights: m.weights,
    countries,
    unlistedCountryLevel: m.unlistedCountryLevel,
    industries: keywords(m.industries),
    unlistedIndustryLevel: m.unlistedIndustryLevel,
    entityTypes: keywords(m.entityTypes),
    unlistedEntityTypeLevel: m.unlistedEntityTypeLevel,
    ownership: m.ownership,
    screening: m.screening,
    internationalLevel: m.internationalLevel,
    bands: m.bands,
    bandLabels: m.bandLabels,
  };
}

function Num({ label, value, onChange, min = 0, max = 100, hint }: { label: string; value: number | null; onChange: (v: number | null) => void; min?: number; max?: number; hint?: string }) {
  return (
    <NumberField className="field" value={value ?? Number.NaN} minValue={min} maxValue={max} step={1} formatOptions={{ maximumFractionDigits: 4 }}
      onChange={(v) => onChange(Number.isNaN(v) ? null : v)}>
      <Label>{label}</Label>
      <Input inputMode="decimal" />
      {hint ? <p className="field-hint">{hint}</p> : null}
    </NumberField>
  );
}

/** The risk model's form. */
export function RiskModelForm({ model: m, onChange }: { model: ModelDraft; onChange: (m: ModelDraft) => void }) {
  const total = FACTORS.reduce((sum, f) => sum + (m.weights[f] ?? 0), 0);
  const setCountries = (level: 'prohibited' | 'high' | 'medium', list: string[]) => {
    const next = { ...m.countries, [level]: list };
    // A country is on one list at most: picking it here takes it off the others.
    for (const other of ['prohibited', 'high', 'medium', 'low'] as const) if (other !== level) next[other] = next[other].filter((c) => !list.includes(c));
    onChange({ ...m, countries: next });
  };
  return (
    <div className="risk-model-form">
      <fieldset className="conditions-editor">
        <legend>Factor weights</legend>
        <p className="small">Each factor scores 0 (low), 50 (medium) or 100 (high); the weights must add up to 100.</p>
        {FACTORS.map((f) => {
          const id = `weight-${f}`;
          return (
            <div key={f} className="weight-row">
              <label htmlFor={id}>{FACTOR_NAMES[f]}</label>
              <output htmlFor={id} aria-hidden="true">{m.weights[f]}</output>
              <input id={id} type="range" min={0} max={100} step={1} value={m.weights[f] ?? 0} aria-valuetext={`${m.weights[f]}`}
                onChange={(e) => onChange({ ...m, weights: { ...m.weights, [f]: Number(e.target.value) } })} />
            </div>
          );
        })}
        <p className="weights-total" role="status" aria-live="polite">
          Total: {Number(total.toFixed(4))}{total === 100 ? '' : ` — the weights must add up to 100 (${total < 100 ? `${Number((100 - total).toFixed(4))} to add` : `${Number((total - 100).toFixed(4))} too many`})`}
        </p>
      </fieldset>
      <fieldset className="conditions-editor">
        <legend>Bands</legend>
        <div className="score-grid">
          <Num label="Medium from score" value={m.bands.medium} onChange={(v) => onChange({ ...m, bands: { ...m.bands, medium: v ?? 0 } })} />
          <Num label="High from score" value={m.bands.high} onChange={(v) => onChange({ ...m, bands: { ...m.bands, high: v ?? 0 } })} />
          <Num label="Prohibited from score" value={m.bands.prohibited} onChange={(v) => onChange({ ...m, bands: { ...m.bands, prohibited: v } })}
            hint="Leave empty: only a prohibited country makes a case prohibited." />
        </div>
        <div className="score-grid">
          {BANDS.map((band) => (
            <Field key={band} label={`Name of the ${band} band`} value={m.bandLabels[band]} maxLength={64}
              onChange={(v) => onChange({ ...m, bandLabels: { ...m.bandLabels, [band]: v } })} />
          ))}
        </div>
      </fieldset>
      <fieldset className="conditions-editor">
        <legend>Countries</legend>
        {COUNTRY_LISTS.map(([level, label]) => (
          <CountriesInput key={level} name={`countries-${level}`} label={label} value={m.countries[level]} onChange={(list) => setCountries(level, list)} />
        ))}
        <SelectField label="Any other country" value={m.unlistedCountryLevel} options={LEVEL_OPTIONS} onChange={(v) => onChange({ ...m, unlistedCountryLevel: levelOr(v) })} />
      </fieldset>
      <Keywords title="Industries" noun="industry" list={m.industries} unlisted={m.unlistedIndustryLevel}
        onChange={(industries, unlistedIndustryLevel) => onChange({ ...m, industries, unlistedIndustryLevel })} />
      <Keywords title="Entity types" noun="entity type" list={m.entityTypes} unlisted={m.unlistedEntityTypeLevel}
        onChange={(entityTypes, unlistedEntityTypeLevel) => onChange({ ...m, entityTypes, unlistedEntityTypeLevel })} />
      <fieldset className="conditions-editor">
        <legend>Ownership and international transactions</legend>
        <div className="score-grid">
          <Num label="Ownership medium from % untraced" value={m.ownership.untracedMediumPercent}
            onChange={(v) => onChange({ ...m, ownership: { ...m.ownership, untracedMediumPercent: v ?? 0 } })} />
          <Num label="Ownership high from % untraced" value={m.ownership.untracedHighPercent}
            onChange={(v) => onChange({ ...m, ownership: { ...m.ownership, untracedHighPercent: v ?? 0 } })} />
        </div>
        <SelectField label="International transactions" value={m.internationalLevel} options={LEVEL_OPTIONS} onChange={(v) => onChange({ ...m, internationalLevel: levelOr(v) })} />
      </fieldset>
      <fieldset className="conditions-editor">
        <legend>Screening hit scores</legend>
        <p className="small">Each hit scores by its kind and outcome (a false positive scores 0); the factor takes the highest.</p>
        {HIT_KINDS.map((kind) => (
          <div key={kind} className="score-grid">
            {OUTCOMES.map(([o, words]) => (
              <Num key={o} label={`${HIT_KIND_NAMES[kind]}, ${words}`} value={m.screening[kind]![o]!}
                onChange={(v) => onChange({ ...m, screening: { ...m.screening, [kind]: { ...m.screening[kind], [o]: v ?? 0 } } })} />
            ))}
          </div>
        ))}
      </fieldset>
    </div>
  );
}

function Keywords({ title, noun, list, unlisted, onChange }: { title: string; noun: string; list: Keyword[]; unlisted: Level; onChange: (list: Keyword[], unlisted: Level) => void }) {
  const set = (i: number, k: Keyword) => onChange(list.map((x, j) => (j === i ? k : x)), unlisted);
  return (
    <fieldset className="conditions-editor">
      <legend>{title}</legend>
      <p className="small">The first keyword that starts a word of the {noun} gives the level.</p>
      <ol className="condition-list" aria-label={`${title} keywords`}>
        {list.map((k, i) => (
          <li key={k.key} className="keyword-row">
            <Field label={`${title} keyword ${i + 1}`} value={k.match} maxLength={100} onChange={(match) => set(i, { ...k, match })} />
            <SelectField label={`Level of keyword ${i + 1}`} value={k.level} options={LEVEL_OPTIONS} onChange={(v) => set(i, { ...k, level: levelOr(v) })} />
            <Button className="button button-small" aria-label={`Remove ${k.match || `keyword ${i + 1}`} from ${title.toLowerCase()}`}
              onPress={() => onChange(list.filter((_, j) => j !== i), unlisted)}>Remove</Button>
          </li>
        ))}
      </ol>
      <Button className="button button-small" onPress={() => onChange([...list, { key: nextKey++, match: '', level: 'high' }], unlisted)}>Add a keyword to {title.toLowerCase()}</Button>
      <SelectField label={`Any other ${noun}`} value={unlisted} options={LEVEL_OPTIONS} onChange={(v) => onChange(list, levelOr(v))} />
    </fieldset>
  );
}
