import { useState, type FormEvent } from 'react';
import { Button, Cell, Column, Form, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { day } from '../cases/labels';
import { PersonsQuery } from './persons-query';

const PAGE_SIZE = 25;

/** The person registry: the same humans across the organisation's cases, newest first, searchable by name or email. */
export function PersonsPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  // Keyset paging: the last personId of each page before this one (Next pushes, Previous pops).
  const [paging, setPaging] = useState<{ search: string; afters: number[] }>({ search, afters: [] });
  const afters = paging.search === search ? paging.afters : [];
  const after = afters.at(-1) ?? null;
  const onError = useSignInOnUnauthenticated();
  const persons = useRequest(() => execute(PersonsQuery, { search: search || null, first: PAGE_SIZE, after }), `${search}|${after}`, onError);

  return (
    <Page title="Persons" area="Compliance console" lead="The people behind your customers, recognised across cases: link a case's directors and owners to them on the case page.">
      <SearchForm key={search} initial={search} onSearch={(q) => setParams(q.trim() ? { q: q.trim() } : {}, { replace: true })} />
      {persons.status === 'loading' ? <Loading label="Loading persons…" /> : null}
      {persons.status === 'error' ? <ErrorNotice error={persons.error} onRetry={persons.reload} /> : null}
      {persons.status === 'done' ? (
        <>
          <div className="table-scroll">
            <Table aria-label="Persons" className="table">
              <TableHeader>
                <Column isRowHeader>Name</Column>
                <Column>Date of birth</Column>
                <Column>Nationality</Column>
                <Column>Emails</Column>
                <Column>Registered</Column>
              </TableHeader>
              <TableBody
                items={persons.data.persons.nodes.map((p) => ({ ...p, id: p.personId }))}
                renderEmptyState={() => <p className="empty">{search ? 'No person matches this search.' : 'No persons yet. Mark a case party as new, or link it, on the case page.'}</p>}
              >
                {(p) => (
                  <Row id={p.personId}>
                    <Cell><Link href={`/console/persons/${p.personId}`}>{p.displayName}</Link></Cell>
                    <Cell>{p.dateOfBirth ?? '—'}</Cell>
                    <Cell>{p.nationality ?? '—'}</Cell>
                    <Cell>{p.emails.join(', ') || '—'}</Cell>
                    <Cell>{day(p.createdAt)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          <nav className="pager" aria-label="Pages of persons">
            <Button className="button" isDisabled={afters.length === 0} onPress={() => setPaging({ search, afters: afters.slice(0, -1) })}>Previous</Button>
            <span className="pager-where">Page {afters.length + 1}</span>
            <Button
              className="button"
              isDisabled={!persons.data.persons.hasMore}
              onPress={() => setPaging({ search, afters: [...afters, persons.data.persons.nodes.at(-1)!.personId] })}
            >
              Next
            </Button>
          </nav>
        </>
      ) : null}
    </Page>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(q);
  };
  return (
    <Form className="inline-form filters-search" onSubmit={submit} role="search" aria-label="Search persons">
      <Field label="Name or email" name="q" value={q} onChange={setQ} type="search" />
      <Button className="button" type="submit">Search</Button>
    </Form>
  );
}
