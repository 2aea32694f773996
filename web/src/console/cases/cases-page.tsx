import { useState, type FormEvent } from 'react';
import { Button, Cell, Column, Form, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { graphql } from '../../gql';
import type { CaseFilter, CaseSource, CaseStatus, RiskBand } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { SelectField, type Option } from '../../ui/select-field';
import { useSignInOnUnauthenticated } from '../require-member';
import { RISK_LABELS, riskClass, SOURCE_LABELS, sourceBadge, STATUS_LABELS, statusClass, day } from './labels';
import { NewCaseButton } from './new-case-dialog';

const CasesQuery = graphql(`
  query ConsoleCases($filter: CaseFilter, $first: Int, $after: String) {
    cases(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          caseId
          companyName
          customerName
          customerEmail
          status
          source
          crmSource
          riskBand
          createdAt
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
const STATUS_OPTIONS = options(STATUS_LABELS, 'Any status');
const SOURCE_OPTIONS = options(SOURCE_LABELS, 'Any source');
const RISK_OPTIONS = options(RISK_LABELS, 'Any risk band');

/** The filters live in the address (?status=&source=&crm=&owner=&risk=&q=), so Back from a case keeps them. */
function filterOf(params: URLSearchParams): CaseFilter {
  const filter: CaseFilter = {};
  const status = params.get('status');
  if (status && status in STATUS_LABELS) filter.status = [status as CaseStatus];
  const source = params.get('source');
  if (source && source in SOURCE_LABELS) filter.source = source as CaseSource;
  const risk = params.get('risk');
  if (risk && risk in RISK_LABELS) filter.riskBand = risk as RiskBand;
  if (params.get('crm')) filter.crmSource = params.get('crm');
  if (params.get('owner')) filter.ownerId = params.get('owner');
  if (params.get('q')) filter.search = params.get('q');
  return filter;
}

/** The cases of the organisation, newest first: filters, keyset paging (Previous / Next), a New case button. */
export function CasesPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const filterKey = JSON.stringify(filter);
  // The cursors of the pages before this one (keyset paging has no page numbers): Next pushes, Previous pops.
  const [paging, setPaging] = useState<{ filterKey: string; cursors: string[] }>({ filterKey, cursors: [] });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [];
  const after = cursors.at(-1) ?? null;
  const onError = useSignInOnUnauthenticated();
  const cases = useRequest(() => execute(CasesQuery, { filter, first: PAGE_SIZE, after }), `${filterKey}|${after}`, onError);
  const members = useRequest(() => execute(MembersQuery), 'members', onError);
  const [notice, setNotice] = useState<{ caseId: string; companyName: string } | null>(null);

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== ANY) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const filtered = Object.keys(filter).length > 0;
  const ownerOptions: Option[] = [
    { id: ANY, label: 'Anyone' },
    ...(members.data?.members ?? []).map((m) => ({ id: m.id, label: m.name ?? m.email })),
  ];

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
      </div>
      <div role="status" aria-live="polite">
        {notice ? (
          <p className="notice notice-ok">
            Case <Link href={`/console/cases/${encodeURIComponent(notice.caseId)}`}>{notice.caseId}</Link> created for {notice.companyName}.
          </p>
        ) : null}
      </div>

      <section aria-labelledby="filters-title" className="filters">
        <h2 id="filters-title" className="visually-hidden">Filters</h2>
        <SearchForm key={params.get('q') ?? ''} initial={params.get('q') ?? ''} onSearch={(q) => setFilter('q', q.trim())} />
        <SelectField label="Status" value={params.get('status') ?? ANY} onChange={(v) => setFilter('status', v)} options={STATUS_OPTIONS} />
        <SelectField label="Source" value={params.get('source') ?? ANY} onChange={(v) => setFilter('source', v)} options={SOURCE_OPTIONS} />
        <CrmForm key={`crm:${params.get('crm') ?? ''}`} initial={params.get('crm') ?? ''} onApply={(crm) => setFilter('crm', crm.trim())} />
        <SelectField label="Owner" value={params.get('owner') ?? ANY} onChange={(v) => setFilter('owner', v)} options={ownerOptions} />
        <SelectField label="Risk band" value={params.get('risk') ?? ANY} onChange={(v) => setFilter('risk', v)} options={RISK_OPTIONS} />
        {filtered ? (
          <Button className="button filters-clear" onPress={() => setParams(new URLSearchParams(), { replace: true })}>Clear filters</Button>
        ) : null}
      </section>

      {cases.status === 'loading' ? <Loading label="Loading cases…" /> : null}
      {cases.status === 'error' ? <ErrorNotice error={cases.error} onRetry={cases.reload} /> : null}
      {cases.status === 'done' ? (
        <>
          <div className="table-scroll">
            <Table aria-label="Cases" className="table cases-table">
              <TableHeader>
                <Column isRowHeader>Case</Column>
                <Column>Company</Column>
                <Column>Customer</Column>
                <Column>Status</Column>
                <Column>Risk</Column>
                <Column>Owner</Column>
                <Column>Source</Column>
                <Column>Created</Column>
              </TableHeader>
              <TableBody
                items={cases.data.cases.edges.map((e) => e.node)}
                renderEmptyState={() => (
                  <p className="empty">{filtered ? 'No cases match these filters.' : 'No cases yet. Cases opened through the API or with New case appear here.'}</p>
                )}
              >
                {(c) => (
                  <Row id={c.caseId}>
                    <Cell><Link href={`/console/cases/${encodeURIComponent(c.caseId)}`} className="case-link">{c.caseId}</Link></Cell>
                    <Cell>{c.companyName ?? '—'}</Cell>
                    <Cell>{c.customerName ?? c.customerEmail ?? '—'}</Cell>
                    <Cell><span className={statusClass(c.status)}>{STATUS_LABELS[c.status]}</span></Cell>
                    <Cell>{c.riskBand ? <span className={riskClass(c.riskBand)}>{RISK_LABELS[c.riskBand]}</span> : 'Not assessed'}</Cell>
                    <Cell>{c.owner?.name ?? 'Unassigned'}</Cell>
                    <Cell><span className={c.source === 'api' ? 'badge badge-api' : 'badge badge-neutral'}>{sourceBadge(c.source, c.crmSource)}</span></Cell>
                    <Cell>{day(c.createdAt)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          <nav className="pager" aria-label="Pages of cases">
            <Button className="button" isDisabled={cursors.length === 0} onPress={() => setPaging({ filterKey, cursors: cursors.slice(0, -1) })}>
              Previous
            </Button>
            <span className="pager-where">Page {cursors.length + 1}</span>
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

/** The search box: a prefix of the company name, customer email, case id or CRM record id; applied on Enter or Search. */
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
