import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button, Disclosure, DisclosurePanel, Form, Heading } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import type { ConsoleScreenNameQuery, ScreenNameInput } from '../../gql/graphql';
import { execute, type RequestError } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { COUNTRIES, countryName } from '../../portal/countries';
import { DisclosureArrow } from '../../ui/disclosure';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { SelectField, type Option } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { splitFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { MatchExplanationView, percent } from './match-explanation';
import { ScreenNameQuery } from './screening-query';
import '../../styles/screening.css';

type Candidate = ConsoleScreenNameQuery['screenName']['data'][number];

/**
 * The form's fields, also the address's parameters (?name=&schema=&birthDate=&nationality=&datasets=a,b); a company
 * has no date of birth, and its country (`nationality` here) is its jurisdiction (?schema=Company&country=).
 */
interface Draft {
  name: string;
  schema: string;
  birthDate: string;
  nationality: string;
  datasets: string;
}
const FIELDS = ['name', 'schema', 'birthDate', 'nationality', 'country', 'datasets'] as const;
const SCHEMA_OPTIONS: Option[] = [{ id: 'Person', label: 'Person' }, { id: 'Company', label: 'Company' }];
const DATE_WORDS = 'Enter the date of birth as year-month-day (1985-07-19), or only the year and month (1985-07), or the year (1985).';
const NO_ERRORS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_NAMES: ReadonlySet<string> = new Set();

function draftOf(params: URLSearchParams): Draft {
  const company = params.get('schema') === 'Company';
  return {
    name: params.get('name') ?? '',
    schema: company ? 'Company' : 'Person',
    birthDate: company ? '' : params.get('birthDate') ?? '',
    nationality: params.get(company ? 'country' : 'nationality') ?? '',
    datasets: params.get('datasets') ?? '',
  };
}

/** The input (and address parameter) the country field is sent as: a person's nationality, a company's jurisdiction. */
const countryField = (d: Draft) => (d.schema === 'Company' ? 'country' : 'nationality');

const datasetsOf = (v: string) => v.split(',').map((d) => d.trim()).filter(Boolean);

/** The country code of a nationality as typed (a two-letter code or an English name); null when unknown. Three letters go to the server as they are. */
function countryOf(value: string): string | null {
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v)) return COUNTRIES.some((c) => c.code === v.toUpperCase()) ? v.toUpperCase() : null;
  if (/^[A-Za-z]{3}$/.test(v)) return v.toUpperCase();
  return COUNTRIES.find((c) => c.name.localeCompare(v, 'en', { sensitivity: 'base' }) === 0)?.code ?? null;
}

/** What is wrong with a date of birth as typed, in words; null when it is a real, past date (YYYY, YYYY-MM or YYYY-MM-DD). */
function dateProblem(value: string, today = new Date().toISOString().slice(0, 10)): string | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!m) return DATE_WORDS;
  const [, y, mo, d] = m;
  if (mo && (Number(mo) < 1 || Number(mo) > 12)) return `${value} has no such month. ${DATE_WORDS}`;
  if (d) {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return `${value} is not a day of the calendar.`;
  }
  if (value > today.slice(0, value.length) || Number(y) < 1850) return 'The date of birth must be in the past (after 1850).';
  return null;
}

/** The form's errors in words, by field; empty when the search may be sent. */
function problemsOf(d: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.name.trim()) errors.name = 'Enter a name to search for.';
  else if (d.name.trim().length > 200) errors.name = 'The name must be at most 200 characters long.';
  if (d.schema !== 'Company' && d.birthDate.trim()) {
    const problem = dateProblem(d.birthDate.trim());
    if (problem) errors.birthDate = problem;
  }
  if (d.nationality.trim() && !countryOf(d.nationality)) errors[countryField(d)] = `We do not know the country “${d.nationality.trim()}”. Enter a two-letter code (GB) or the country's English name.`;
  const datasets = datasetsOf(d.datasets);
  if (datasets.length > 20) errors.datasets = 'Name at most 20 datasets.';
  else if (datasets.some((s) => s.length > 100)) errors.datasets = 'A dataset name is at most 100 characters long.';
  return errors;
}

/** The query's input for a valid draft. */
function inputOf(d: Draft): ScreenNameInput {
  const datasets = datasetsOf(d.datasets);
  return {
    name: d.name.trim(),
    schema: d.schema,
    ...(d.schema !== 'Company' && d.birthDate.trim() ? { birthDate: d.birthDate.trim() } : {}),
    ...(d.nationality.trim() ? { [countryField(d)]: countryOf(d.nationality) } : {}),
    ...(datasets.length ? { datasets } : {}),
  };
}

function paramsOf(d: Draft): URLSearchParams {
  const p = new URLSearchParams();
  p.set('name', d.name.trim());
  if (d.schema === 'Company') p.set('schema', 'Company');
  if (d.schema !== 'Company' && d.birthDate.trim()) p.set('birthDate', d.birthDate.trim());
  if (d.nationality.trim()) p.set(countryField(d), d.nationality.trim());
  const datasets = datasetsOf(d.datasets);
  if (datasets.length) p.set('datasets', datasets.join(','));
  return p;
}

/**
 * Screening search: one name (a person or a company, with an optional date of birth, nationality and datasets)
 * against the watchlist, nothing recorded. The candidates best first, each a Match (at or above the
 * organisation's threshold) or a Near miss, with its topics, datasets and why it scored what it did.
 */
export function ScreeningPage() {
  const [params, setParams] = useSearchParams();
  const onError = useSignInOnUnauthenticated();
  const asked = draftOf(params);
  const askedKey = paramsOf(asked).toString();
  const askedProblems = useMemo(() => (params.has('name') ? problemsOf(draftOf(params)) : NO_ERRORS), [params]);
  const searching = params.has('name') && Object.keys(askedProblems).length === 0;
  const result = useRequest(
    () => (searching ? execute(ScreenNameQuery, { input: inputOf(asked) }) : Promise.resolve(null)),
    searching ? askedKey : '',
    onError,
  );

  return (
    <Page
      title="Screening search"
      area="Compliance console"
      lead="Check one name against the watchlist before or outside a case. Nothing is recorded; a case's own screening runs by itself."
    >
      <SearchForm
        initial={asked}
        addressProblems={askedProblems}
        serverError={result.status === 'error' ? result.error : undefined}
        pending={result.status === 'loading' && searching}
        onSearch={(d) => setParams(paramsOf(d))}
      />
      {!params.has('name') ? <p className="empty">Enter a name and press Search. Candidates are listed best first, with why each matched.</p> : null}
      {searching && result.status === 'loading' ? <Loading label="Searching the watchlist…" /> : null}
      {result.status === 'error' && splitFieldErrors(result.error, FIELDS).rest ? (
        <ErrorNotice error={splitFieldErrors(result.error, FIELDS).rest!} onRetry={result.reload} />
      ) : null}
      {result.status === 'done' && result.data ? <Results name={asked.name.trim()} result={result.data.screenName} /> : null}
    </Page>
  );
}

function SearchForm({ initial, addressProblems, serverError, pending, onSearch }: {
  initial: Draft;
  addressProblems: Record<string, string>;
  serverError: RequestError | undefined;
  pending: boolean;
  onSearch: (d: Draft) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [own, setOwn] = useState<Record<string, string>>(addressProblems);
  const [focusInvalid, setFocusInvalid] = useState(0);
  // The address changed under the form (Back, Forward, a link): show what it asks. The form's own Search leaves
  // the form as it is (and focus where it was).
  const initialKey = paramsOf(initial).toString();
  const [shown, setShown] = useState(initialKey);
  if (shown !== initialKey) {
    setShown(initialKey);
    if (paramsOf(draft).toString() !== initialKey) setDraft(initial);
    setOwn(addressProblems);
  }
  // The server's field errors (their words; a refused date in the form's words), each until its field is edited.
  const server = splitFieldErrors(serverError, FIELDS).fieldErrors;
  const [edited, setEdited] = useState<{ of: Record<string, string>; names: ReadonlySet<string> }>({ of: server, names: new Set() });
  const editedNames = edited.of === server ? edited.names : NO_NAMES;
  const errors = useMemo(() => {
    const merged: Record<string, string> = {};
    for (const [k, v] of Object.entries(server)) if (!editedNames.has(k)) merged[k] = k === 'birthDate' && /pattern/i.test(v) ? DATE_WORDS : v;
    Object.assign(merged, own);
    return Object.keys(merged).length ? merged : NO_ERRORS;
  }, [server, own, editedNames]);

  useEffect(() => {
    if (focusInvalid) document.querySelector<HTMLElement>('.screening-form [aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  /** Sets a field of the draft and clears the error of its input (`name`: the country field's is nationality or country). */
  const set = (field: keyof Draft, name: string = field) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (name in own) setOwn(Object.fromEntries(Object.entries(own).filter(([k]) => k !== name)));
    if (name in server && !editedNames.has(name)) setEdited({ of: server, names: new Set([...editedNames, name]) });
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems = problemsOf(draft);
    setOwn(problems);
    if (Object.keys(problems).length) {
      setFocusInvalid((n) => n + 1);
      return;
    }
    onSearch(draft);
  };

  return (
    <Form className="filters screening-form" onSubmit={submit} validationBehavior="aria" validationErrors={errors} role="search" aria-label="Screening search">
      <Field label="Name" name="name" value={draft.name} onChange={set('name')} isRequired hint="In any script; a person's or a company's name." className="field screening-name" />
      <SelectField label="Type" name="schema" value={draft.schema} onChange={set('schema')} options={SCHEMA_OPTIONS} />
      {draft.schema === 'Company' ? null : <Field label="Date of birth" name="birthDate" value={draft.birthDate} onChange={set('birthDate')} hint={<>Optional: <span className="nowrap">1985-07-19</span>, <span className="nowrap">1985-07</span> or 1985.</>} inputMode="numeric" />}
      <Field
        key={countryField(draft)} label={draft.schema === 'Company' ? 'Jurisdiction' : 'Nationality'} name={countryField(draft)}
        value={draft.nationality} onChange={set('nationality', countryField(draft))} hint="Optional: GB, or United Kingdom."
      />
      <Field label="Datasets" name="datasets" value={draft.datasets} onChange={set('datasets')} hint="Optional, separated by commas; all when empty." />
      <div>
        <Button type="submit" className="button button-primary" isDisabled={pending}>Search</Button>
      </div>
    </Form>
  );
}

const countryWords = (code: string) => countryName(code.toUpperCase());
const list = (values: readonly string[]) => (values.length ? values.join(', ') : '—');
/** FollowTheMoney topics in words; others as listed. */
const TOPIC_WORDS: Record<string, string> = {
  sanction: 'Sanctions', 'sanction.linked': 'Linked to sanctions', 'role.pep': 'PEP', 'role.rca': 'Relative or close associate of a PEP',
  crime: 'Crime', 'crime.fin': 'Financial crime', 'crime.terror': 'Terrorism', debarment: 'Debarment', 'reg.warn': 'Regulatory warning',
  'reg.action': 'Regulatory action', poi: 'Person of interest', export: 'Export control', wanted: 'Wanted',
};
const topicWords = (t: string) => TOPIC_WORDS[t] ?? t;

function Results({ name, result }: { name: string; result: ConsoleScreenNameQuery['screenName'] }) {
  const matches = result.data.filter((c) => c.match).length;
  return (
    <section aria-labelledby="results-title" className="screening-results">
      <h2 id="results-title">Results</h2>
      <p role="status">
        {result.data.length === 0
          ? `No listed name comes near “${name}”.`
          : `${result.data.length} ${result.data.length === 1 ? 'candidate' : 'candidates'} for “${name}”, ${matches} ${matches === 1 ? 'match' : 'matches'}.`}
      </p>
      <p className="small">
        A candidate is a match at a score of {percent(result.threshold)} or more (your organisation's threshold); a case would get a hit for it.
        Near misses below that are listed too. Watchlist version <span className="list-version" title={result.listVersion}>{result.listVersion}</span>.
      </p>
      {result.data.length ? (
        <ol className="cards screening-candidates">
          {result.data.map((c) => <CandidateCard key={c.entityId} c={c} threshold={result.threshold} />)}
        </ol>
      ) : null}
    </section>
  );
}

function CandidateCard({ c, threshold }: { c: Candidate; threshold: number }) {
  const titleId = `candidate-${c.entityId}`;
  return (
    <li className="card candidate">
      <div className="card-header">
        <h3 id={titleId}>{c.caption}</h3>
        {c.match
          ? <span className="badge badge-bad">Match</span>
          : <span className="badge badge-neutral">Near miss</span>}
      </div>
      <p className="card-meta">
        <span className="score">Score {percent(c.score)}</span>
        {' · '}{c.match ? `at or above the threshold of ${percent(threshold)}` : `below the threshold of ${percent(threshold)}`}
        {' · '}{c.schema}
        {c.isSanctioned ? <>{' '}<span className="badge badge-bad">Sanctioned</span></> : null}
        {c.isPep ? <>{' '}<span className="badge badge-warn">PEP</span></> : null}
      </p>
      <dl className="facts">
        <div className="facts-row"><dt>Topics</dt><dd>{list(c.topics.map(topicWords))}</dd></div>
        <div className="facts-row"><dt>Datasets</dt><dd>{list(c.datasets)}</dd></div>
        {c.schema === 'Company' ? null : <div className="facts-row"><dt>Born</dt><dd>{list(c.birthDates)}</dd></div>}
        {c.schema === 'Company' ? null : <div className="facts-row"><dt>Nationality</dt><dd>{list(c.nationality.map(countryWords))}</dd></div>}
        {c.countries.length || c.schema === 'Company' ? <div className="facts-row"><dt>Countries</dt><dd>{list(c.countries.map(countryWords))}</dd></div> : null}
        <div className="facts-row"><dt>Listed as</dt><dd>{c.entityId}</dd></div>
      </dl>
      <Disclosure className="disclosure">
        <Heading level={4} className="disclosure-heading">
          <Button slot="trigger" className="disclosure-trigger">
            <DisclosureArrow />
            Why it scored {percent(c.score)}<span className="visually-hidden">for {c.caption}</span>
          </Button>
        </Heading>
        <DisclosurePanel className="disclosure-panel">
          {c.explanation
            ? <MatchExplanationView explanation={c.explanation} />
            : <p className="muted">The screening provider does not explain its scores.</p>}
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}
