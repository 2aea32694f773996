import { useState, type FormEvent } from 'react';
import { Button, Cell, Column, Form, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { graphql } from '../../gql';
import type { CaseAssignee, CaseFilter, CaseSortKey, CaseSort as CaseSortInput, CaseSource, CaseStatus, ConsoleCaseViewsQuery, RiskBand, SlaState, SortDirection } from '../../gql/graphql';
import { SLA_LABELS, SlaBadge } from './sla-badge';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { SelectField, type Option } from '../../ui/select-field';
import { useSignInOnUnauthenticated } from '../require-member';
import { RISK_LABELS, riskClass, SOURCE_LABELS, sourceBadge, STAGE_LABELS, STATUS_LABELS, statusClass, day } from './labels';
import { NewCaseButton } from './new-case-dialog';
import { CaseBulkActions, SelectionCheckbox } from './case-bulk-actions';

const CasesQuery = graphql(`
  query ConsoleCases($filter: CaseFilter, $sort: CaseSort, $first: Int, $after: String) {
    cases(filter: $filter, sort: $sort, first: $first, after: $after) {
      totalCount
      totalCountCapped
      edges {
        node {
          caseId
          reference
          companyName
          customerName
          customerEmail
          status
          onboardingStage
          source
          crmSource
          riskBand
          tags
          updatedAt
          sla {
            state
            dueAt
          }
          owner {
            id
            name
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const CaseViewsQuery = graphql(`
  query ConsoleCaseViews {
    caseViews {
      id
      name
      builtIn
      viewerCanDelete
      filter {
        status
        search
        source
        crmSource
        ownerId
        assignee
        riskBand
        tags
        slaStates
      }
    }
    caseTags
  }
`);

const SaveCaseViewMutation = graphql(`
  mutation ConsoleSaveCaseView($name: String!, $filter: CaseFilter!) {
    saveCaseView(name: $name, filter: $filter) {
      id
    }
  }
`);

const DeleteCaseViewMutation = graphql(`
  mutation ConsoleDeleteCaseView($id: ID!) {
    deleteCaseView(viewId: $id)
  }
`);

export const MembersQuery = graphql(`
  query ConsoleMembers {
    members {
      id
      name
      email
    }
  }
`);

/** Rows a page shows. */
export const PAGE_SIZE = 25;

const ANY = 'any';
const options = <K extends string>(labels: Record<K, string>, anyLabel: string): Option[] => [
  { id: ANY, label: anyLabel },
  ...(Object.entries(labels) as [K, string][]).map(([id, label]) => ({ id, label })),
];
const SOURCE_OPTIONS = options(SOURCE_LABELS, 'Any source');
const RISK_OPTIONS = options(RISK_LABELS, 'Any risk band');
/** The orders of the list, as `?sort=<by>:<direction>` (absent: newest first). */
const SORT_OPTIONS: Option[] = [
  { id: 'created:desc', label: 'Newest first' },
  { id: 'created:asc', label: 'Oldest first' },
  { id: 'updated:desc', label: 'Recently updated' },
  { id: 'updated:asc', label: 'Least recently updated' },
  { id: 'risk:desc', label: 'Highest risk' },
  { id: 'risk:asc', label: 'Lowest risk' },
  { id: 'sla:asc', label: 'SLA due soonest' },
];
const DEFAULT_SORT = 'created:desc';
const ME = 'me';
const NOBODY = 'nobody';

const list = (value: string | null) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);

/** The filters live in the address (?status=a,b&source=&crm=&owner=&assignee=&risk=&q=&tags=a,b&sla=a,b), so Back from a case keeps them. */
function filterOf(params: URLSearchParams): CaseFilter {
  const filter: CaseFilter = {};
  const statuses = list(params.get('status')).filter((s) => s in STATUS_LABELS) as CaseStatus[];
  if (statuses.length) filter.status = statuses;
  const source = params.get('source');
  if (source && source in SOURCE_LABELS) filter.source = source as CaseSource;
  const risk = params.get('risk');
  if (risk && risk in RISK_LABELS) filter.riskBand = risk as RiskBand;
  if (params.get('crm')) filter.crmSource = params.get('crm');
  const assignee = params.get('assignee');
  if (assignee === ME || assignee === NOBODY) filter.assignee = assignee as CaseAssignee;
  else if (params.get('owner')) filter.ownerId = params.get('owner');
  if (params.get('q')) filter.search = params.get('q');
  const tags = list(params.get('tags'));
  if (tags.length) filter.tags = tags;
  const sla = list(params.get('sla')).filter((v) => v in SLA_LABELS) as SlaState[];
  if (sla.length) filter.slaStates = sla;
  return filter;
}

function sortOf(params: URLSearchParams): CaseSortInput | null {
  const value = params.get('sort');
  const known = SORT_OPTIONS.find((o) => o.id === value);
  if (!known || known.id === DEFAULT_SORT) return null;
  const [by, direction] = known.id.split(':') as [CaseSortKey, SortDirection];
  return { by, direction };
}

type ViewFilter = ConsoleCaseViewsQuery['caseViews'][number]['filter'];

/** The address parameters of a view's filter (the same shape filterOf reads). */
function paramsOfView(f: ViewFilter): [string, string][] {
  const out: [string, string][] = [];
  if (f.status?.length) out.push(['status', [...f.status].sort().join(',')]);
  if (f.source) out.push(['source', f.source]);
  if (f.crmSource) out.push(['crm', f.crmSource]);
  if (f.assignee) out.push(['assignee', f.assignee]);
  else if (f.ownerId) out.push(['owner', f.ownerId]);
  if (f.riskBand) out.push(['risk', f.riskBand]);
  if (f.search) out.push(['q', f.search]);
  if (f.tags?.length) out.push(['tags', f.tags.join(',')]);
  if (f.slaStates?.length) out.push(['sla', [...f.slaStates].sort().join(',')]);
  return out;
}

/** The filter parameters the list applies, canonical (the address's, less what filterOf ignores). */
function filterParamsOf(params: URLSearchParams): [string, string][] {
  const f = filterOf(params);
  return paramsOfView({
    status: f.status ?? null, source: f.source ?? null, crmSource: f.crmSource ?? null, assignee: f.assignee ?? null, ownerId: f.ownerId ?? null,
    riskBand: f.riskBand ?? null, search: f.search ?? null, tags: f.tags ?? null, slaStates: f.slaStates ?? null,
  });
}

/** The filter parameters of the address, canonical (to tell which view is shown). */
function filterKeyOf(params: URLSearchParams): string {
  return JSON.stringify(filterParamsOf(params));
}

/** The CSV export of the list as shown (every page): its filters and order, as the address names them (docs/console.md "Export"). */
function exportHrefOf(params: URLSearchParams): string {
  const out = new URLSearchParams(filterParamsOf(params));
  const sort = sortOf(params);
  if (sort) out.set('sort', `${sort.by}:${sort.direction}`);
  const query = out.toString();
  return `/console/export/cases.csv${query ? `?${query}` : ''}`;
}

/** The cases of the organisation: views, filters, sorting, the total, keyset paging (Previous / Next), a New case button. */
export function CasesPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const sort = sortOf(params);
  const filterKey = JSON.stringify([filter, sort]);
  // The cursors of the pages before this one (keyset paging has no page numbers): Next pushes, Previous pops.
  const [paging, setPaging] = useState<{ filterKey: string; cursors: string[] }>({ filterKey, cursors: [] });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [];
  const after = cursors.at(-1) ?? null;
  const onError = useSignInOnUnauthenticated();
  const cases = useRequest(() => execute(CasesQuery, { filter, sort, first: PAGE_SIZE, after }), `${filterKey}|${after}`, onError);
  const members = useRequest(() => execute(MembersQuery), 'members', onError);
  const [viewsVersion, setViewsVersion] = useState(0);
  const views = useRequest(() => execute(CaseViewsQuery), `views|${viewsVersion}`, onError);
  const [notice, setNotice] = useState<{ caseId: string; companyName: string } | null>(null);
  // The rows selected for a bulk action: on this page only (a new page or filter starts with none).
  const pageKey = `${filterKey}|${after}`;
  const [selection, setSelection] = useState<{ pageKey: string; ids: Set<string> }>({ pageKey, ids: new Set() });
  const selected = selection.pageKey === pageKey ? selection.ids : new Set<string>();

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== ANY) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const setOwner = (value: string) => {
    const next = new URLSearchParams(params);
    next.delete('owner');
    next.delete('assignee');
    if (value === ME || value === NOBODY) next.set('assignee', value);
    else if (value && value !== ANY) next.set('owner', value);
    setParams(next, { replace: true });
  };
  const showView = (f: ViewFilter) => {
    const next = new URLSearchParams(paramsOfView(f));
    if (params.get('sort')) next.set('sort', params.get('sort')!);
    setParams(next);
  };
  const filtered = Object.keys(filter).length > 0;
  const shownKey = filterKeyOf(params);
  const ownerOptions: Option[] = [
    { id: ANY, label: 'Anyone' },
    { id: ME, label: 'Me' },
    { id: NOBODY, label: 'Unassigned' },
    ...(members.data?.members ?? []).map((m) => ({ id: m.id, label: m.name ?? m.email })),
  ];
  const ownerValue = params.get('assignee') === ME || params.get('assignee') === NOBODY ? params.get('assignee')! : params.get('owner') ?? ANY;
  const statusValue = list(params.get('status')).join(',') || ANY;
  const statusOptions: Option[] = [{ id: ANY, label: 'Any status' }, ...Object.entries(STATUS_LABELS).map(([id, label]) => ({ id, label }))];
  if (statusValue.includes(',')) statusOptions.push({ id: statusValue, label: statusValue.split(',').map((s) => STATUS_LABELS[s as CaseStatus] ?? s).join(' or ') });
  const slaValue = list(params.get('sla')).join(',') || ANY;
  const slaOptions = options(SLA_LABELS, 'Any SLA state');
  if (slaValue.includes(',')) slaOptions.push({ id: slaValue, label: slaValue.split(',').map((s) => SLA_LABELS[s as SlaState] ?? s).join(' or ') });
  const tagsValue = list(params.get('tags')).join(',') || ANY;
  const tagOptions: Option[] = [{ id: ANY, label: 'Any tag' }, ...(views.data?.caseTags ?? []).map((t) => ({ id: t, label: t }))];
  if (tagsValue !== ANY && !tagOptions.some((o) => o.id === tagsValue)) tagOptions.push({ id: tagsValue, label: tagsValue.split(',').join(' and ') });

  return (
    <Page title="Cases" area="Compliance console">
      <div className="toolbar">
        <NewCaseButton
          onCreated={(c) => {
            setNotice(c);
            setPaging({ filterKey, cursors: [] });
            cases.reload();
          }}
        />
        {/* A plain link (not the router's): the browser downloads the file the server streams. */}
        <a className="button" href={exportHrefOf(params)} download>Export CSV</a>
        <Link className="button" href="/console/cases/import">Import CSV</Link>
      </div>
      <div role="status" aria-live="polite">
        {notice ? (
          <p className="notice notice-ok">
            Case <Link href={`/console/cases/${encodeURIComponent(notice.caseId)}`}>{notice.caseId}</Link> created for {notice.companyName}.
          </p>
        ) : null}
      </div>

      <nav aria-label="Views" className="views">
        <ul className="views-list">
          {(views.data?.caseViews ?? []).map((v) => {
            const current = JSON.stringify(paramsOfView(v.filter)) === shownKey;
            return (
              <li key={v.id} className="views-item">
                <Button className={current ? 'view-chip view-chip-current' : 'view-chip'} aria-pressed={current} onPress={() => showView(v.filter)}>{v.name}</Button>
                {v.viewerCanDelete ? (
                  <DeleteViewButton id={v.id} name={v.name} onDeleted={() => setViewsVersion((n) => n + 1)} />
                ) : null}
              </li>
            );
          })}
        </ul>
        {filtered ? <SaveViewForm filter={filter} onSaved={() => setViewsVersion((n) => n + 1)} /> : null}
      </nav>

      <section aria-labelledby="filters-title" className="filters">
        <h2 id="filters-title" className="visually-hidden">Filters</h2>
        <SearchForm key={params.get('q') ?? ''} initial={params.get('q') ?? ''} onSearch={(q) => setFilter('q', q.trim())} />
        <SelectField label="Status" value={statusValue} onChange={(v) => setFilter('status', v)} options={statusOptions} />
        <SelectField label="Source" value={params.get('source') ?? ANY} onChange={(v) => setFilter('source', v)} options={SOURCE_OPTIONS} />
        <CrmForm key={`crm:${params.get('crm') ?? ''}`} initial={params.get('crm') ?? ''} onApply={(crm) => setFilter('crm', crm.trim())} />
        <SelectField label="Owner" value={ownerValue} onChange={setOwner} options={ownerOptions} />
        <SelectField label="Risk band" value={params.get('risk') ?? ANY} onChange={(v) => setFilter('risk', v)} options={RISK_OPTIONS} />
        <SelectField label="SLA" value={slaValue} onChange={(v) => setFilter('sla', v)} options={slaOptions} />
        <SelectField label="Tag" value={tagsValue} onChange={(v) => setFilter('tags', v)} options={tagOptions} />
        <SelectField label="Sort by" value={SORT_OPTIONS.some((o) => o.id === params.get('sort')) ? params.get('sort')! : DEFAULT_SORT} onChange={(v) => setFilter('sort', v === DEFAULT_SORT ? '' : v)} options={SORT_OPTIONS} />
        {filtered ? (
          <Button className="button filters-clear" onPress={() => setParams(new URLSearchParams(params.get('sort') ? [['sort', params.get('sort')!]] : []), { replace: true })}>Clear filters</Button>
        ) : null}
      </section>

      <CaseBulkActions
        selected={[...selected]} members={members.data?.members ?? []} onChanged={cases.reload} onClear={() => setSelection({ pageKey, ids: new Set() })}
      />
      {cases.status === 'loading' ? <Loading label="Loading cases…" /> : null}
      {cases.status === 'error' ? <ErrorNotice error={cases.error} onRetry={cases.reload} /> : null}
      {cases.status === 'done' ? (
        <>
          <p className="list-count" aria-live="polite">
            {cases.data.cases.totalCountCapped ? `More than ${cases.data.cases.totalCount.toLocaleString('en-GB')} cases`
              : cases.data.cases.totalCount === 1 ? '1 case' : `${cases.data.cases.totalCount} cases`}
          </p>
          <div className="table-scroll">
            <Table
              aria-label="Cases" className="table cases-table" selectionMode="multiple" selectedKeys={selected}
              onSelectionChange={(keys) => setSelection({ pageKey, ids: new Set(keys === 'all' ? cases.data.cases.edges.map((e) => e.node.caseId) : [...keys].map(String)) })}
            >
              <TableHeader>
                <Column className="react-aria-Column select-column"><SelectionCheckbox /></Column>
                <Column isRowHeader>Company</Column>
                <Column>Customer</Column>
                <Column>Status</Column>
                <Column>Stage</Column>
                <Column>Risk</Column>
                <Column>SLA</Column>
                <Column>Owner</Column>
                <Column>Source</Column>
                <Column>Updated</Column>
              </TableHeader>
              <TableBody
                items={cases.data.cases.edges.map((e) => e.node)}
                renderEmptyState={() => (
                  <p className="empty">{filtered ? 'No cases match these filters.' : 'No cases yet. Cases opened through the API or with New case appear here.'}</p>
                )}
              >
                {(c) => (
                  <Row id={c.caseId}>
                    <Cell className="react-aria-Cell select-cell"><SelectionCheckbox /></Cell>
                    <Cell textValue={`${c.companyName ?? c.reference} ${c.reference}`}>
                      <Link href={`/console/cases/${encodeURIComponent(c.caseId)}`} className="case-link">{c.companyName ?? `Case ${c.reference}`}</Link>
                      <span className="case-ref">{c.reference}</span>
                      {c.tags.length ? <span className="case-tags">{c.tags.map((t) => <span key={t} className="tag">{t}</span>)}</span> : null}
                    </Cell>
                    <Cell>{c.customerName ?? c.customerEmail ?? '—'}</Cell>
                    <Cell><span className={statusClass(c.status)}>{STATUS_LABELS[c.status]}</span></Cell>
                    <Cell>{STAGE_LABELS[c.onboardingStage]}</Cell>
                    <Cell>{c.riskBand ? <span className={riskClass(c.riskBand)}>{RISK_LABELS[c.riskBand]}</span> : 'Not assessed'}</Cell>
                    <Cell><SlaBadge sla={c.sla} /></Cell>
                    <Cell>{c.owner?.name ?? 'Unassigned'}</Cell>
                    <Cell><span className={c.source === 'api' ? 'badge badge-api' : 'badge badge-neutral'}>{sourceBadge(c.source, c.crmSource)}</span></Cell>
                    <Cell>{day(c.updatedAt)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          <nav className="pager" aria-label="Pages of cases">
            <Button className="button" isDisabled={cursors.length === 0} onPress={() => setPaging({ filterKey, cursors: cursors.slice(0, -1) })}>
              Previous
            </Button>
            <span className="pager-where">
              {cases.data.cases.totalCountCapped ? `Page ${cursors.length + 1} of many`
                : `Page ${cursors.length + 1} of ${Math.max(1, Math.ceil(cases.data.cases.totalCount / PAGE_SIZE))}`}
            </span>
            <Button
              className="button"
              isDisabled={!cases.data.cases.pageInfo.hasNextPage || !cases.data.cases.pageInfo.endCursor}
              onPress={() => setPaging({ filterKey, cursors: [...cursors, cases.data.cases.pageInfo.endCursor!] })}
            >
              Next
            </Button>
          </nav>
        </>
      ) : null}
    </Page>
  );
}

/** Saves the filters shown as a view shared in the organisation. */
function SaveViewForm({ filter, onSaved }: { filter: CaseFilter; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    try {
      await execute(SaveCaseViewMutation, { name, filter });
      setName('');
      setProblem(null);
      onSaved();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Form className="inline-form views-save" onSubmit={submit} aria-label="Save these filters as a view">
      <Field label="View name" name="name" value={name} onChange={setName} isRequired />
      <Button className="button" type="submit">Save view</Button>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </Form>
  );
}

function DeleteViewButton({ id, name, onDeleted }: { id: string; name: string; onDeleted: () => void }) {
  return (
    <Button className="view-delete" aria-label={`Delete view ${name}`} onPress={async () => { await execute(DeleteCaseViewMutation, { id }); onDeleted(); }}>
      <span aria-hidden="true">×</span>
    </Button>
  );
}

/** The search box: words anywhere in the company, customer, email, references and CRM id; applied on Enter or Search. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(q);
  };
  return (
    <Form className="inline-form filters-search" onSubmit={submit} role="search" aria-label="Search cases">
      <Field label="Search" name="q" value={q} onChange={setQ} type="search" />
      <Button className="button" type="submit">Search</Button>
    </Form>
  );
}

/** The CRM filter: the crmSource exactly as the integration sent it. */
function CrmForm({ initial, onApply }: { initial: string; onApply: (crm: string) => void }) {
  const [crm, setCrm] = useState(initial);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onApply(crm);
  };
  return (
    <Form className="inline-form" onSubmit={submit} aria-label="Filter by CRM">
      <Field label="CRM" name="crm" value={crm} onChange={setCrm} />
      <Button className="button" type="submit">Apply</Button>
    </Form>
  );
}
