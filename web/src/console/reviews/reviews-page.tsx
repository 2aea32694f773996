import { useState } from 'react';
import { Button, Cell, Column, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import type { MonitoringReviewState } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { SelectField, type Option } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { day, words } from '../cases/labels';
import { useSignInOnUnauthenticated } from '../require-member';
import { REVIEW_STATE_LABELS, reviewStateClass, subjectLabel } from './labels';
import { ReviewsQuery } from './review-query';

const PAGE_SIZE = 25;
const ANY = 'any';
const STATE_OPTIONS: Option[] = [{ id: ANY, label: 'Any state' }, ...Object.entries(REVIEW_STATE_LABELS).map(([id, label]) => ({ id, label }))];

/** The monitoring-review queue, newest first: a state filter in the address (?state=), the MLRO's queue one click away. */
export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = raw && raw in REVIEW_STATE_LABELS ? (raw as MonitoringReviewState) : null;
  const [paging, setPaging] = useState<{ state: string | null; cursors: string[] }>({ state, cursors: [] });
  const cursors = paging.state === state ? paging.cursors : [];
  const after = cursors.at(-1) ?? null;
  const onError = useSignInOnUnauthenticated();
  const reviews = useRequest(() => execute(ReviewsQuery, { state, first: PAGE_SIZE, after }), `${state}|${after}`, onError);
  const setState = (value: string) => setParams(value && value !== ANY ? new URLSearchParams({ state: value }) : new URLSearchParams(), { replace: true });

  return (
    <Page title={state === 'with_mlro' ? 'Reviews with the MLRO' : 'Monitoring reviews'} area="Compliance console"
      lead="Reviews opened by monitoring alerts on approved customers: give a verdict, approve a colleague's, or resolve a hand-off.">
      <section aria-labelledby="review-filters-title" className="filters">
        <h2 id="review-filters-title" className="visually-hidden">Filters</h2>
        <SelectField label="State" value={state ?? ANY} onChange={setState} options={STATE_OPTIONS} />
        {state === 'with_mlro'
          ? <Button className="button" onPress={() => setState(ANY)}>All reviews</Button>
          : <Button className="button" onPress={() => setState('with_mlro')}>With MLRO queue</Button>}
      </section>
      {reviews.status === 'loading' ? <Loading label="Loading reviews…" /> : null}
      {reviews.status === 'error' ? <ErrorNotice error={reviews.error} onRetry={reviews.reload} /> : null}
      {reviews.status === 'done' ? (
        <>
          <div className="table-scroll">
            <Table aria-label="Monitoring reviews" className="table">
              <TableHeader>
                <Column isRowHeader>Review</Column>
                <Column>Customer</Column>
                <Column>Alert</Column>
                <Column>Subject</Column>
                <Column>Occurrence</Column>
                <Column>State</Column>
                <Column>Opened</Column>
              </TableHeader>
              <TableBody
                items={reviews.data.monitoringReviews.edges.map((e) => e.node)}
                renderEmptyState={() => <p className="empty">{state ? `No reviews are ${REVIEW_STATE_LABELS[state].toLowerCase()}.` : 'No monitoring reviews yet.'}</p>}
              >
                {(r) => (
                  <Row id={r.id}>
                    <Cell><Link href={`/console/reviews/${encodeURIComponent(r.id)}`}>{r.reviewRef}</Link></Cell>
                    <Cell>{r.companyName ?? r.caseId}</Cell>
                    <Cell>{words(r.alertType)}{r.severity ? ` · ${r.severity}` : ''}</Cell>
                    <Cell>{subjectLabel(r.subjectRole, r.subjectRef)}</Cell>
                    <Cell>{r.occurrenceNo === 1 ? 'First' : `#${r.occurrenceNo}`}</Cell>
                    <Cell><span className={reviewStateClass(r.state)}>{REVIEW_STATE_LABELS[r.state]}</span></Cell>
                    <Cell>{day(r.openedAt)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          <nav className="pager" aria-label="Pages of reviews">
            <Button className="button" isDisabled={cursors.length === 0} onPress={() => setPaging({ state, cursors: cursors.slice(0, -1) })}>Previous</Button>
            <span className="pager-where">Page {cursors.length + 1}</span>
            <Button
              className="button"
              isDisabled={!reviews.data.monitoringReviews.pageInfo.hasNextPage || !reviews.data.monitoringReviews.pageInfo.endCursor}
              onPress={() => setPaging({ state, cursors: [...cursors, reviews.data.monitoringReviews.pageInfo.endCursor!] })}
            >
              Next
            </Button>
          </nav>
        </>
      ) : null}
    </Page>
  );
}
