// Compliance Configuration › Webhooks: the endpoints, adding one (pre-save ping, secret shown once),
// and per endpoint Send test, Pause/Resume, Edit (URL, label, events), Rotate secret and Delete.
import { useState, type FormEvent } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { graphql } from '../../gql';
import type { WebhookEndpointsQuery, WebhookTestResult } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { Check, CheckGroup } from '../../ui/check';
import { ConfirmButton, DialogButton } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { randomSecret, SecretOnce, Success, useFieldErrors, useLastData, When } from './ui';

const EndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      endpointId
      url
      label
      eventTypes
      status
      createdAt
      updatedAt
      health {
        incidentSince
        failingSince
        lastSuccessAt
        lastFailureAt
        lastError
        pendingRetries
        retryingSince
        nextRetryAt
        lastRetryAt
        lastRetryError
      }
    }
    eventTypes {
      type
      description
    }
  }
`);

const CreateEndpoint = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        endpointId
        label
        url
      }
    }
  }
`);

const PingUrl = graphql(`
  mutation PingWebhookUrl($input: PingWebhookUrlInput!) {
    pingWebhookUrl(input: $input) {
      ok
      httpStatus
      error
      body
      durationMs
      eventId
    }
  }
`);

const TestEndpoint = graphql(`
  mutation TestWebhookEndpoint($id: ID!) {
    testWebhookEndpoint(id: $id) {
      ok
      httpStatus
      error
      body
      durationMs
      eventId
    }
  }
`);

const UpdateEndpoint = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      endpointId
    }
  }
`);

const PauseEndpoint = graphql(`
  mutation PauseWebhookEndpoint($id: ID!) {
    pauseWebhookEndpoint(id: $id) {
      endpointId
    }
  }
`);

const ResumeEndpoint = graphql(`
  mutation ResumeWebhookEndpoint($id: ID!) {
    resumeWebhookEndpoint(id: $id) {
      endpointId
    }
  }
`);

const DeleteEndpoint = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

type Endpoint = WebhookEndpointsQuery['webhookEndpoints'][number];
type EventType = WebhookEndpointsQuery['eventTypes'][number];
type TestResult = Omit<WebhookTestResult, '__typename'>;

const load = () => execute(EndpointsQuery);

export function WebhooksPage() {
  const onError = useSignInOnUnauthenticated();
  const list = useRequest(load, 'webhook-endpoints', onError);
  const data = useLastData(list);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ label: string; url: string; secret: string } | null>(null);

  return (
    <Page title="Webhooks" area="Compliance configuration" lead="Endpoints that receive your organisation's events, signed with their secret.">
      {created ? (
        <SecretOnce
          title={`Endpoint saved: ${created.label || created.url}`}
          items={[{ label: 'Signing secret', value: created.secret, secret: true }]}
          onDone={() => setCreated(null)}
        />
      ) : null}
      {!data && list.status === 'loading' ? <Loading label="Loading endpoints…" /> : null}
      {list.status === 'error' ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {data ? (
        <>
          {adding ? (
            <AddEndpointForm
              eventTypes={data.eventTypes}
              onCancel={() => setAdding(false)}
              onCreated={(c) => {
                setAdding(false);
                setCreated(c);
                list.reload();
              }}
            />
          ) : (
            <p className="toolbar">
              <Button className="button button-primary" onPress={() => setAdding(true)}>Add endpoint</Button>
              <Link href="/console/settings/deliveries">Recent deliveries</Link>
            </p>
          )}
          <IncidentBanners endpoints={data.webhookEndpoints} />
          <h2>Endpoints</h2>
          {data.webhookEndpoints.length === 0 ? (
            <p className="empty">No endpoints yet. Add one to receive events as they happen.</p>
          ) : (
            <ul className="cards" aria-label="Endpoints">
              {data.webhookEndpoints.map((e) => (
                <li key={e.endpointId}>
                  <EndpointCard endpoint={e} eventTypes={data.eventTypes} onChanged={list.reload} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Page>
  );
}

type HealthState = 'failing' | 'healthy' | 'unknown';
const HEALTH_WORDS: Record<HealthState, string> = { failing: 'Failing', healthy: 'Healthy', unknown: 'No deliveries yet' };
const HEALTH_BADGE: Record<HealthState, string> = { failing: 'badge badge-bad', healthy: 'badge badge-ok', unknown: 'badge badge-neutral' };

/**
 * The endpoint's health in one word, with the failing streak and its last error: failing while an incident
 * is open, the health check saw failures after the last success, or a retry waits whose last attempt came
 * after the last success (the retries are read live, so a failure shows before the next check).
 */
function healthOf(h: Endpoint['health']): { state: HealthState; failingSince: string | null; lastError: string | null } {
  const after = (at: string | null | undefined) => !!at && (!h.lastSuccessAt || new Date(at) > new Date(h.lastSuccessAt));
  const streak = after(h.failingSince) ? h.failingSince : null;
  const retrying = h.pendingRetries > 0 && after(h.lastRetryAt) ? h.retryingSince : null;
  const failingSince = [h.incidentSince, streak, retrying].filter((d): d is string => !!d).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  if (failingSince) return { state: 'failing', failingSince, lastError: h.lastRetryError ?? h.lastError ?? null };
  return { state: h.lastSuccessAt ? 'healthy' : 'unknown', failingSince: null, lastError: null };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Failure alerts: one banner per endpoint with an open incident (every attempt failing for longer than the
 * organisation's threshold; the compliance admins were emailed). The endpoint is never paused for it.
 */
function IncidentBanners({ endpoints }: { endpoints: Endpoint[] }) {
  const failing = endpoints.filter((e) => e.health.incidentSince);
  if (failing.length === 0) return null;
  return (
    <>
      {failing.map((e) => (
        <div key={e.endpointId} className="notice notice-error" role="alert" aria-labelledby={`incident-${e.endpointId}`}>
          <p className="notice-title" id={`incident-${e.endpointId}`}>Deliveries to {e.label || e.url} are failing</p>
          <p>
            Every attempt since <When at={e.health.incidentSince} /> has failed. Last success: <When at={e.health.lastSuccessAt} never="none yet" />.
          </p>
          {e.health.lastError ? <p>Last error: {e.health.lastError}</p> : null}
          <p>
            The endpoint stays active and each delivery is retried on its schedule. Once the receiver works again, recover what failed
            from <Link href="/console/settings/deliveries">Recent deliveries</Link>.
          </p>
        </div>
      ))}
    </>
  );
}

/** "Every event type" (the default, including types added later) or a checklist of the catalogue. */
function EventTypesPicker({ eventTypes, all, setAll, selected, setSelected }: {
  eventTypes: EventType[];
  all: boolean;
  setAll: (v: boolean) => void;
  selected: string[];
  setSelected: (v: string[]) => void;
}) {
  return (
    <fieldset className="fieldset">
      <legend>Events</legend>
      <Check name="allEventTypes" isSelected={all} onChange={setAll}>Every event type, including ones added later</Check>
      {all ? null : (
        <CheckGroup label="Event types" name="eventTypes" value={selected} onChange={setSelected}>
          {eventTypes.map((t) => (
            <Check key={t.type} value={t.type} description={t.description}>{t.type}</Check>
          ))}
        </CheckGroup>
      )}
    </fieldset>
  );
}

/** The answer of a ping or test: status, time and the first 500 bytes of the body, or the failure in words. */
function TestResultView({ result, what }: { result: TestResult; what: string }) {
  return (
    <div className={result.ok ? 'notice notice-ok' : 'notice notice-error'} role="status" aria-live="polite">
      <p className="notice-title">
        {result.ok ? `${what}: the receiver answered HTTP ${result.httpStatus}` : `${what} failed${result.httpStatus ? `: HTTP ${result.httpStatus}` : ''}`}
        {` (${result.durationMs} ms)`}
      </p>
      {result.error ? <p>{result.error}</p> : null}
      {result.body != null ? (
        <>
          <p className="small">Response body (first 500 bytes):</p>
          <pre className="code" tabIndex={0}>{result.body || '(empty)'}</pre>
        </>
      ) : null}
    </div>
  );
}

function AddEndpointForm({ eventTypes, onCreated, onCancel }: {
  eventTypes: EventType[];
  onCreated: (c: { label: string; url: string; secret: string }) => void;
  onCancel: () => void;
}) {
  const onError = useSignInOnUnauthenticated();
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState('');
  const [all, setAll] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const ping = useAction((input: { url: string; secret: string }) => execute(PingUrl, { input }), onError);
  const save = useAction(
    (input: { url: string; label: string; secret: string | null; eventTypes: string[] | null }) => execute(CreateEndpoint, { input }),
    onError,
  );
  const { fieldErrors, notice } = useFieldErrors(save.error ?? ping.error, ['url', 'label', 'secret', 'eventTypes']);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await save.run({ url: url.trim(), label: label.trim(), secret: secret.trim() || null, eventTypes: all ? null : selected });
    if (done) onCreated({ label: done.createWebhookEndpoint.endpoint.label, url: done.createWebhookEndpoint.endpoint.url, secret: done.createWebhookEndpoint.secret });
  }

  return (
    <section className="panel" aria-labelledby="add-endpoint-title">
      <h2 id="add-endpoint-title">Add endpoint</h2>
      <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="URL" name="url" type="url" isRequired value={url} onChange={setUrl} hint="https only, on a public address." autoFocus />
        <Field label="Label" name="label" value={label} onChange={setLabel} hint="A name you will recognise, such as the CRM it feeds." />
        <Field
          label="Secret (optional)"
          name="secret"
          value={secret}
          onChange={setSecret}
          autoComplete="off"
          hint="16 to 256 characters. Leave blank and one is generated for you."
        />
        <EventTypesPicker eventTypes={eventTypes} all={all} setAll={setAll} selected={selected} setSelected={setSelected} />
        {ping.result && !ping.error ? <TestResultView result={ping.result.pingWebhookUrl} what="Test ping" /> : null}
        {notice ? <ErrorNotice error={notice} /> : null}
        <div className="actions">
          <Button className="button" isDisabled={ping.pending || !url.trim()} onPress={() => void ping.run({ url: url.trim(), secret: secret.trim() })}>
            Send test ping
          </Button>
          <Button className="button button-primary" type="submit" isDisabled={save.pending}>Save endpoint</Button>
          <Button className="button" onPress={onCancel}>Cancel</Button>
        </div>
      </Form>
    </section>
  );
}

function EndpointCard({ endpoint, eventTypes, onChanged }: { endpoint: Endpoint; eventTypes: EventType[]; onChanged: () => void }) {
  const onError = useSignInOnUnauthenticated();
  const [message, setMessage] = useState<string | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const test = useAction(() => execute(TestEndpoint, { id: endpoint.endpointId }), onError);
  const toggle = useAction(
    async (active: boolean): Promise<true> => {
      if (active) await execute(PauseEndpoint, { id: endpoint.endpointId });
      else await execute(ResumeEndpoint, { id: endpoint.endpointId });
      return true;
    },
    onError,
  );
  const remove = useAction(() => execute(DeleteEndpoint, { id: endpoint.endpointId }), onError);
  const name = endpoint.label || endpoint.url;
  const active = endpoint.status === 'active';
  const health = healthOf(endpoint.health);
  const error = toggle.error;

  return (
    <article className="card" aria-labelledby={`endpoint-${endpoint.endpointId}`}>
      <header className="card-header">
        <h3 id={`endpoint-${endpoint.endpointId}`}>{name}</h3>
        <span className={active ? 'badge badge-ok' : 'badge badge-warn'}>{active ? 'Active' : 'Paused'}</span>
        <span className={HEALTH_BADGE[health.state]}>{HEALTH_WORDS[health.state]}</span>
      </header>
      <dl className="facts">
        <dt>URL</dt>
        <dd><code>{endpoint.url}</code></dd>
        <dt>Events</dt>
        <dd>{endpoint.eventTypes == null ? 'Every event type' : endpoint.eventTypes.length ? endpoint.eventTypes.join(', ') : 'None'}</dd>
        <dt>Last success</dt>
        <dd><When at={endpoint.health.lastSuccessAt} never="None yet" /></dd>
        {health.failingSince ? (
          <>
            <dt>Failing since</dt>
            <dd><When at={health.failingSince} /></dd>
          </>
        ) : null}
        {health.lastError ? (
          <>
            <dt>Last error</dt>
            <dd>{health.lastError}</dd>
          </>
        ) : null}
        {endpoint.health.pendingRetries > 0 ? (
          <>
            <dt>Waiting to retry</dt>
            <dd>
              <Link href={`/console/settings/deliveries?endpoint=${encodeURIComponent(endpoint.endpointId)}&state=pending`}>{plural(endpoint.health.pendingRetries, 'delivery', 'deliveries')}</Link>
              {endpoint.health.nextRetryAt ? <>, next attempt <When at={endpoint.health.nextRetryAt} /></> : null}
            </dd>
          </>
        ) : null}
      </dl>
      {rotated ? <SecretOnce title="New signing secret" items={[{ label: 'Signing secret', value: rotated, secret: true }]} onDone={() => setRotated(null)} /> : null}
      {message ? <Success><p>{message}</p></Success> : null}
      {error ? <ErrorNotice error={error} /> : null}
      {test.error ? <ErrorNotice error={test.error} /> : null}
      {test.result && !test.error ? <TestResultView result={test.result.testWebhookEndpoint} what="Test" /> : null}
      <div className="actions">
        <Button className="button" isDisabled={test.pending} onPress={() => { setMessage(null); void test.run(undefined); }}>Send test</Button>
        <Button
          className="button"
          isDisabled={toggle.pending}
          onPress={async () => {
            setMessage(null);
            if (await toggle.run(active)) {
              setMessage(active
                ? 'Paused. New events are recorded as skipped and not sent; due retries are cancelled.'
                : 'Resumed. New events are sent again; events skipped meanwhile are not replayed (redeliver them from Recent deliveries).');
              onChanged();
            }
          }}
        >
          {active ? 'Pause' : 'Resume'}
        </Button>
        <DialogButton label="Edit" title={`Edit ${name}`}>
          {(close) => <EditEndpointForm endpoint={endpoint} eventTypes={eventTypes} onDone={() => { close(); setMessage('Endpoint saved.'); onChanged(); }} onCancel={close} />}
        </DialogButton>
        <DialogButton label="Rotate secret" title={`Rotate the secret of ${name}`}>
          {(close) => <RotateSecretForm endpoint={endpoint} onDone={(s) => { close(); setRotated(s); setMessage('Secret rotated: the next attempt is signed with the new secret.'); }} onCancel={close} />}
        </DialogButton>
        <ConfirmButton
          label="Delete"
          title={`Delete ${name}?`}
          confirmLabel="Delete endpoint"
          error={remove.error}
          pending={remove.pending}
          onConfirm={async () => {
            if (!(await remove.run(undefined))) return false;
            onChanged();
            return true;
          }}
        >
          <p>Its secret is destroyed and deliveries still waiting fail. The delivery log stays.</p>
        </ConfirmButton>
      </div>
    </article>
  );
}

function EditEndpointForm({ endpoint, eventTypes, onDone, onCancel }: { endpoint: Endpoint; eventTypes: EventType[]; onDone: () => void; onCancel: () => void }) {
  const onError = useSignInOnUnauthenticated();
  const [url, setUrl] = useState(endpoint.url);
  const [label, setLabel] = useState(endpoint.label);
  const [all, setAll] = useState(endpoint.eventTypes == null);
  const [selected, setSelected] = useState<string[]>(endpoint.eventTypes ?? []);
  const save = useAction(
    (input: { url: string; label: string; eventTypes: string[] | null }) => execute(UpdateEndpoint, { id: endpoint.endpointId, input }),
    onError,
  );
  const { fieldErrors, notice } = useFieldErrors(save.error, ['url', 'label', 'eventTypes']);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (await save.run({ url: url.trim(), label: label.trim(), eventTypes: all ? null : selected })) onDone();
  }
  return (
    <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
      <Field label="URL" name="url" type="url" isRequired value={url} onChange={setUrl} />
      <Field label="Label" name="label" value={label} onChange={setLabel} />
      <EventTypesPicker eventTypes={eventTypes} all={all} setAll={setAll} selected={selected} setSelected={setSelected} />
      {notice ? <ErrorNotice error={notice} /> : null}
      <div className="actions">
        <Button className="button" onPress={onCancel}>Cancel</Button>
        <Button className="button button-primary" type="submit" isDisabled={save.pending}>Save changes</Button>
      </div>
    </Form>
  );
}

function RotateSecretForm({ endpoint, onDone, onCancel }: { endpoint: Endpoint; onDone: (secret: string) => void; onCancel: () => void }) {
  const onError = useSignInOnUnauthenticated();
  const [secret, setSecret] = useState('');
  const save = useAction((s: string) => execute(UpdateEndpoint, { id: endpoint.endpointId, input: { secret: s } }), onError);
  const { fieldErrors, notice } = useFieldErrors(save.error, ['secret']);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = secret.trim() || randomSecret();
    if (await save.run(next)) onDone(next);
  }
  return (
    <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
      <p>The next attempt is signed with the new secret; the old one stops at once and cannot be recovered.</p>
      <Field
        label="New secret (optional)"
        name="secret"
        value={secret}
        onChange={setSecret}
        autoComplete="off"
        hint="16 to 256 characters. Leave blank and one is generated for you."
      />
      {notice ? <ErrorNotice error={notice} /> : null}
      <div className="actions">
        <Button className="button" onPress={onCancel}>Cancel</Button>
        <Button className="button button-danger-strong" type="submit" isDisabled={save.pending}>Rotate secret</Button>
      </div>
    </Form>
  );
}
