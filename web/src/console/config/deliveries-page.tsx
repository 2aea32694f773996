// Compliance Configuration › Recent deliveries: newest first, filterable by endpoint, state and event
// type (kept in the address), each with its attempts, payload, response bodies and Redeliver.
import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading, Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { graphql } from '../../gql';
import type { WebhookDeliveriesQuery, WebhookDeliveryState } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { DisclosureArrow } from '../../ui/disclosure';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { SelectField } from '../../ui/select-field';
import { Success, When } from './ui';

const FiltersQuery = graphql(`
  query DeliveryFilters {
    webhookEndpoints {
      endpointId
      url
      label
    }
    eventTypes {
      type
    }
  }
`);

const DeliveriesQuery = graphql(`
  query WebhookDeliveries($filter: WebhookDeliveryFilter, $first: Int, $after: String) {
    webhookDeliveries(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          deliveryId
          endpointId
          eventId
          eventType
          state
          attemptCount
          nextAttemptAt
          lastHttpStatus
          lastError
          createdAt
          completedAt
          payload
          case {
            caseId
            reference
            companyName
          }
          attemptLog {
            attempt
            httpStatus
            durationMs
            error
            responseBody
            startedAt
            finishedAt
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

const Redeliver = graphql(`
  mutation RedeliverWebhookDelivery($id: ID!) {
    redeliverWebhookDelivery(id: $id) {
      notice
      delivery {
        deliveryId
        state
      }
    }
  }
`);

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['edges'][number]['node'];
type DeliveryPage = WebhookDeliveriesQuery['webhookDeliveries'];

const PAGE_SIZE = 20;

export const STATE_WORDS: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped_paused: 'Skipped (paused)',
};
const STATE_BADGE: Record<WebhookDeliveryState, string> = {
  pending: 'badge badge-warn',
  delivered: 'badge badge-ok',
  failed: 'badge badge-bad',
  skipped_paused: 'badge badge-neutral',
};

const loadFilters = () => execute(FiltersQuery);

export function DeliveriesPage() {
  const onError = useSignInOnUnauthenticated();
  const [params, setParams] = useSearchParams();
  const endpointId = params.get('endpoint') ?? '';
  const state = (params.get('state') ?? '') as WebhookDeliveryState | '';
  const eventType = params.get('eventType') ?? '';
  const filter = { endpointId: endpointId || null, state: state || null, eventType: eventType || null };
  const filterKey = JSON.stringify(filter);

  const filters = useRequest(loadFilters, 'delivery-filters', onError);
  const first = useRequest(() => execute(DeliveriesQuery, { filter, first: PAGE_SIZE }), filterKey, onError);
  // What was last shown for this filter stays on screen while it is read again (Refresh, after Redeliver).
  const [shown, setShown] = useState<{ source: unknown; key: string; pages: DeliveryPage[] } | null>(null);
  if (first.status === 'done' && shown?.source !== first.data) setShown({ source: first.data, key: filterKey, pages: [first.data.webhookDeliveries] });
  const pages = shown?.key === filterKey ? shown.pages : null;
  const more = useAction((after: string) => execute(DeliveriesQuery, { filter, first: PAGE_SIZE, after }), onError);

  function setFilter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  const endpoints = filters.status === 'done' ? filters.data.webhookEndpoints : [];
  const endpointName = (id: string) => {
    const e = endpoints.find((x) => x.endpointId === id);
    return e ? e.label || e.url : 'Deleted endpoint';
  };
  const deliveries = pages?.flatMap((p) => p.edges.map((e) => e.node)) ?? [];
  const last = pages?.at(-1)?.pageInfo;

  return (
    <Page title="Recent deliveries" area="Compliance configuration" lead="Every event sent to your webhook endpoints, newest first, with each attempt.">
      {filters.status === 'error' ? <ErrorNotice error={filters.error} onRetry={filters.reload} /> : null}
      {filters.status === 'done' ? (
        <div className="filters" role="group" aria-label="Filter deliveries">
          <SelectField
            label="Endpoint"
            value={endpointId || 'all'}
            onChange={(v) => setFilter('endpoint', v === 'all' ? '' : v)}
            options={[{ id: 'all', label: 'All endpoints' }, ...endpoints.map((e) => ({ id: e.endpointId, label: e.label || e.url }))]}
          />
          <SelectField
            label="State"
            value={state || 'all'}
            onChange={(v) => setFilter('state', v === 'all' ? '' : v)}
            options={[{ id: 'all', label: 'Any state' }, ...Object.entries(STATE_WORDS).map(([id, label]) => ({ id, label }))]}
          />
          <SelectField
            label="Event type"
            value={eventType || 'all'}
            onChange={(v) => setFilter('eventType', v === 'all' ? '' : v)}
            options={[{ id: 'all', label: 'Any event type' }, ...filters.data.eventTypes.map((t) => ({ id: t.type, label: t.type }))]}
          />
        </div>
      ) : null}
      <p className="toolbar">
        <Button className="button" isDisabled={first.status === 'loading' && pages != null} onPress={first.reload}>Refresh</Button>
        <Link href="/console/settings/webhooks">Webhook endpoints</Link>
      </p>
      {first.status === 'error' ? <ErrorNotice error={first.error} onRetry={first.reload} /> : null}
      {pages == null && first.status === 'loading' ? <Loading label="Loading deliveries…" /> : null}
      {pages != null && first.status === 'loading' ? <p className="loading" role="status">Refreshing…</p> : null}
      {pages != null && deliveries.length === 0 ? (
        <p className="empty">{filterKey === JSON.stringify({ endpointId: null, state: null, eventType: null })
          ? 'No deliveries yet. They appear here as events are sent to your endpoints.'
          : 'No delivery matches these filters.'}</p>
      ) : null}
      {deliveries.length ? (
        <ul className="deliveries" aria-label="Deliveries">
          {deliveries.map((d) => (
            <li key={d.deliveryId}>
              <DeliveryItem
                delivery={d}
                endpointName={endpointName(d.endpointId)}
                onRedelivered={first.reload}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {more.error ? <ErrorNotice error={more.error} /> : null}
      {last?.hasNextPage && last.endCursor ? (
        <Button
          className="button"
          isDisabled={more.pending}
          onPress={async () => {
            const next = await more.run(last.endCursor!);
            if (next) setShown((s) => (s && s.key === filterKey ? { ...s, pages: [...s.pages, next.webhookDeliveries] } : s));
          }}
        >
          Load more
        </Button>
      ) : null}
    </Page>
  );
}

/** A case as a delivery row names it: its company and reference, or its reference alone. */
function caseName(c: NonNullable<Delivery['case']>): string {
  const ref = c.reference ?? c.caseId;
  return c.companyName ? `${c.companyName} (${ref})` : ref;
}

function DeliveryItem({ delivery: d, endpointName, onRedelivered }: { delivery: Delivery; endpointName: string; onRedelivered: () => void }) {
  const onError = useSignInOnUnauthenticated();
  const redeliver = useAction(() => execute(Redeliver, { id: String(d.deliveryId) }), onError);
  const attempts = `${d.attemptCount} ${d.attemptCount === 1 ? 'attempt' : 'attempts'}`;
  return (
    <Disclosure className="disclosure delivery" id={String(d.deliveryId)}>
      <Heading level={2} className="delivery-heading">
        <Button slot="trigger" className="delivery-trigger">
          <DisclosureArrow />
          <span className="delivery-summary">
            <span className="delivery-type">{d.eventType}</span>
            {d.case ? <span className="delivery-case">{caseName(d.case)}</span> : null}
            <span className={STATE_BADGE[d.state]}>{STATE_WORDS[d.state]}</span>
            <span>{attempts}</span>
            <span className="muted">{endpointName}</span>
            <span className="muted"><When at={d.createdAt} /></span>
          </span>
        </Button>
      </Heading>
      <DisclosurePanel className="delivery-panel">
        <dl className="facts">
          <dt>Delivery id</dt>
          <dd><code>{d.deliveryId}</code></dd>
          <dt>Event id</dt>
          <dd><code>{d.eventId}</code></dd>
          {d.case ? (
            <>
              <dt>Case</dt>
              <dd><Link href={`/console/cases/${encodeURIComponent(d.case.caseId)}`}>{caseName(d.case)}</Link></dd>
            </>
          ) : null}
          <dt>Endpoint</dt>
          <dd>{endpointName}</dd>
          {d.nextAttemptAt ? (
            <>
              <dt>Next attempt</dt>
              <dd><When at={d.nextAttemptAt} /></dd>
            </>
          ) : null}
          {d.completedAt ? (
            <>
              <dt>Finished</dt>
              <dd><When at={d.completedAt} /></dd>
            </>
          ) : null}
          {d.lastError ? (
            <>
              <dt>Last error</dt>
              <dd>{d.lastError}</dd>
            </>
          ) : null}
        </dl>
        <h3>Attempts</h3>
        {d.attemptLog.length === 0 ? (
          <p className="empty">{d.state === 'skipped_paused' ? 'None: the endpoint was paused when the event happened. Redeliver to send it.' : 'None yet.'}</p>
        ) : (
          <ol className="attempts" aria-label={`Attempts of delivery ${d.deliveryId}`}>
            {d.attemptLog.map((a) => (
              <li key={a.attempt} className="attempt">
                <p>
                  <strong>Attempt {a.attempt}</strong>
                  {' · '}
                  <span className={a.httpStatus >= 200 && a.httpStatus < 300 ? 'badge badge-ok' : 'badge badge-bad'}>{a.httpStatus ? `HTTP ${a.httpStatus}` : 'No response'}</span>
                  {' · '}
                  {a.durationMs} ms · <When at={a.startedAt} />
                </p>
                {a.error ? <p>{a.error}</p> : null}
                {a.responseBody != null ? (
                  <>
                    <p className="small">Response body:</p>
                    <pre className="code" tabIndex={0}>{a.responseBody || '(empty)'}</pre>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <h3>Payload</h3>
        <pre className="code" tabIndex={0} aria-label={`Payload of delivery ${d.deliveryId}`}>{JSON.stringify(d.payload, null, 2)}</pre>
        {redeliver.error ? <ErrorNotice error={redeliver.error} /> : null}
        {redeliver.result ? (
          <Success>
            <p>Redelivery queued: one new attempt of the same payload is on its way.</p>
            {redeliver.result.redeliverWebhookDelivery.notice ? <p>{redeliver.result.redeliverWebhookDelivery.notice}</p> : null}
          </Success>
        ) : null}
        {d.state === 'pending' ? null : (
          <Button
            className="button button-primary"
            isDisabled={redeliver.pending}
            onPress={async () => {
              if (await redeliver.run(undefined)) onRedelivered();
            }}
          >
            Redeliver
          </Button>
        )}
      </DisclosurePanel>
    </Disclosure>
  );
}
