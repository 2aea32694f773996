import { useState } from 'react';
import { Cell, Column, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useParams } from 'react-router';
import type { ConsoleMonitoringReviewQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { when, words } from '../cases/labels';
import { useSignInOnUnauthenticated } from '../require-member';
import { REVIEW_DISPOSITION_LABELS, REVIEW_STATE_LABELS, reviewStateClass, subjectLabel } from './labels';
import { ReviewActions } from './review-actions';
import { ReviewQuery } from './review-query';

const AREA = 'Compliance console';
type Review = NonNullable<ConsoleMonitoringReviewQuery['monitoringReview']>;

/** One monitoring review: its facts, the actions the member may take, the alerts attached and its history. */
export function ReviewPage() {
  const { reviewId = '' } = useParams();
  const onError = useSignInOnUnauthenticated();
  const [version, setVersion] = useState(0);
  const [said, setSaid] = useState<string | null>(null);
  const data = useRequest(() => execute(ReviewQuery, { id: reviewId }), `${reviewId}|${version}`, onError);
  const [shown, setShown] = useState<Review | null>(null);
  if (data.status === 'done' && data.data.monitoringReview && shown !== data.data.monitoringReview) setShown(data.data.monitoringReview);
  const r = data.status === 'done' ? data.data.monitoringReview : shown?.id === reviewId ? shown : undefined;

  if (data.status === 'error') return <Page title="Monitoring review" area={AREA}><ErrorNotice error={data.error} onRetry={data.reload} /></Page>;
  if (r === undefined) return <Page title="Monitoring review" area={AREA}><Loading label="Loading the review…" /></Page>;
  if (r === null) {
    return (
      <Page title="Monitoring review" area={AREA}>
        <p className="empty">There is no such review in your organisation.</p>
        <p><Link href="/console/reviews">All reviews</Link></p>
      </Page>
    );
  }
  return (
    <Page title={`Review ${r.reviewRef}`} area={AREA} lead={<>{words(r.alertType)} on {subjectLabel(r.subjectRole, r.subjectRef)} of {r.companyName ?? r.caseId}</>}>
      <p><Link href="/console/reviews">All reviews</Link> · <Link href={`/console/cases/${encodeURIComponent(r.caseId)}`}>Case {r.caseId}</Link></p>
      <div role="status" aria-live="polite">{said ? <p className="notice notice-ok">{said}</p> : null}</div>
      <dl className="facts">
        <dt>State</dt>
        <dd><span className={reviewStateClass(r.state)}>{REVIEW_STATE_LABELS[r.state]}</span></dd>
        <dt>Severity</dt>
        <dd>{r.severity ?? '—'}</dd>
        <dt>Occurrence</dt>
        <dd>{r.occurrenceNo === 1 ? 'First review of this fact' : `Review #${r.occurrenceNo} of this fact; last verdict: ${r.priorDisposition ? REVIEW_DISPOSITION_LABELS[r.priorDisposition] : 'none'}`}</dd>
        <dt>Verdict</dt>
        <dd>{r.disposition ? `${REVIEW_DISPOSITION_LABELS[r.disposition]} by ${r.dispositionBy ?? '—'}${r.dispositionNote ? `: ${r.dispositionNote}` : ''}` : 'None yet'}</dd>
        <dt>Approved</dt>
        <dd>{r.approvedBy ? `${r.approvedBy}, ${when(r.approvedAt!)}` : 'Not yet'}</dd>
        <dt>Risk band</dt>
        <dd>{r.bandBefore || r.bandAfter ? `${r.bandBefore ?? 'none'} → ${r.bandAfter ?? 'none'}` : '—'}</dd>
      </dl>
      <section className="panel" aria-labelledby="review-actions-title">
        <h2 id="review-actions-title">Actions</h2>
        <ReviewActions review={r} onDone={(message) => { setSaid(message); setVersion((v) => v + 1); }} />
      </section>
      <section className="panel" aria-labelledby="review-alerts-title">
        <h2 id="review-alerts-title">Alerts</h2>
        <Table aria-label="Alerts attached" className="table">
          <TableHeader>
            <Column isRowHeader>Alert</Column>
            <Column>Type</Column>
            <Column>Severity</Column>
            <Column>Run</Column>
            <Column>Attached</Column>
          </TableHeader>
          <TableBody items={r.alerts ?? []}>
            {(a) => (
              <Row id={a.alertId}>
                <Cell>#{a.alertId}</Cell>
                <Cell>{words(a.alertType)}</Cell>
                <Cell>{a.severity}</Cell>
                <Cell>{a.source === 'scheduled' ? 'Scheduled' : 'On demand'} #{a.runId}</Cell>
                <Cell>{when(a.attachedAt)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </section>
      <section className="panel" aria-labelledby="review-history-title">
        <h2 id="review-history-title">History</h2>
        <ol className="timeline">
          {(r.history ?? []).map((h, i) => (
            <li key={i} className="timeline-item">
              <strong>{words(h.action)}</strong> {h.actor ? `by ${h.actor}` : 'by monitoring'} · {when(h.at)}
              {h.note ? <p>{h.note}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </Page>
  );
}
