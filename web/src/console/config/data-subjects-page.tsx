// Compliance Configuration › Data subjects (compliance admins): a data subject's requests. Find the person (the
// registry's persons, by name or email), download everything held on them (subjectAccessExport: a ZIP, or by an
// email address for someone not in the registry), request their erasure with a reason (requestErasure: the answer
// per case in words), and the past erasure requests with where each stands (erasureRequests).
import { Fragment, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { graphql } from '../../gql';
import type { ConsolePersonsQuery, DataSubjectErasureRequestsQuery, RequestErasureMutation } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Breakable } from '../../ui/breakable';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { NoteAction } from '../cases/case-actions';
import { day } from '../cases/labels';
import { PersonQuery, PersonsQuery } from '../persons/persons-query';
import { useSignInOnUnauthenticated } from '../require-member';
import { Success, When } from './ui';
import { useSettings } from './viewer';

const SubjectAccessMutation = graphql(`
  mutation DataSubjectAccessExport($input: SubjectAccessInput!) {
    subjectAccessExport(input: $input) {
      downloadUrl
    }
  }
`);

graphql(`
  fragment ErasureDecisionFields on ErasureDecision {
    caseId
    outcome
    scope
    retainUntil
    legalBasis
    erasedAt
  }
`);

const RequestErasure = graphql(`
  mutation RequestErasure($input: ErasureRequestInput!) {
    requestErasure(input: $input) {
      requestId
      personId
      decisions {
        ...ErasureDecisionFields
      }
    }
  }
`);

const ErasureRequests = graphql(`
  query DataSubjectErasureRequests($first: Int, $after: String) {
    erasureRequests(first: $first, after: $after) {
      edges {
        node {
          requestId
          personId
          reason
          requestedBy
          requestedAt
          state
          decisions {
            ...ErasureDecisionFields
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

type Decision = RequestErasureMutation['requestErasure']['decisions'][number];
type Found = ConsolePersonsQuery['persons']['nodes'][number];
type RequestItem = DataSubjectErasureRequestsQuery['erasureRequests']['edges'][number]['node'];

/** One case's erasure decision in words. */
export function decisionText(d: Decision): string {
  switch (d.outcome) {
    case 'erased': {
      const what = d.scope === 'person' ? 'This person\'s data erased' : 'Erased';
      const rest = d.scope === 'person' ? ' The case and its other people stay.' : '';
      return `${what}${d.erasedAt ? ` on ${day(d.erasedAt)}` : ' now'}.${rest}`;
    }
    case 'already_erased':
      return d.erasedAt ? `Already erased on ${day(d.erasedAt)}.` : 'Already erased.';
    default: {
      if (d.erasedAt) return `Retained, then erased on ${day(d.erasedAt)}.`;
      const because = d.legalBasis ? ` (legal basis: ${d.legalBasis})` : '';
      return d.retainUntil
        ? `Retained until ${day(d.retainUntil)}${because}; erased automatically on that date.`
        : `Retained${because}; erased once that no longer applies.`;
    }
  }
}

function Decisions({ decisions }: { decisions: readonly Decision[] }) {
  if (!decisions.length) return <p>The person is linked to no case: there was nothing to erase.</p>;
  return (
    <ul className="plain-list">
      {decisions.map((d) => <li key={d.caseId}><strong>Case {d.caseId}</strong>: {decisionText(d)}</li>)}
    </ul>
  );
}

/** Starts the browser's download of a subject access ZIP (the console route answers it as an attachment). */
function download(url: string) {
  window.location.assign(url);
}

export function DataSubjectsPage() {
  const { viewer } = useSettings();
  const [chosen, setChosen] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <Page
      title="Data subjects" area="Compliance configuration"
      lead="A person's requests about their data: a copy of everything held on them, or its erasure where nothing obliges the organisation to keep it."
    >
      {viewer.viewerCan.manageSubjectRequests ? (
        <>
          <FindPerson onChoose={setChosen} />
          {chosen !== null ? <ChosenPerson key={chosen} personId={chosen} onErased={() => setVersion((v) => v + 1)} /> : null}
          <PastRequests version={version} />
        </>
      ) : <p>Only a compliance admin can answer data-subject requests.</p>}
    </Page>
  );
}

function FindPerson({ onChoose }: { onChoose: (personId: number) => void }) {
  const onError = useSignInOnUnauthenticated();
  const [search, setSearch] = useState('');
  const find = useAction((term: string) => execute(PersonsQuery, { search: term, first: 20 }), onError);
  const [email, setEmail] = useState('');
  const byEmail = useAction((address: string) => execute(SubjectAccessMutation, { input: { email: address } }), onError);
  const found: Found[] | undefined = find.result?.persons.nodes;

  const submitSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void find.run(search.trim());
  };
  const submitEmail = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const done = await byEmail.run(email.trim());
    if (done) download(done.subjectAccessExport.downloadUrl);
  };
  return (
    <section className="panel" aria-labelledby="find-person-title">
      <h2 id="find-person-title">Find the person</h2>
      <Form className="form" onSubmit={submitSearch} aria-label="Find a person">
        <Field label="Name or email" name="search" value={search} onChange={setSearch} hint="Searches the person registry: the people of every case." isRequired />
        <Button type="submit" className="button button-primary" isDisabled={find.pending}>Search</Button>
      </Form>
      {find.error ? <ErrorNotice error={find.error} /> : null}
      <div role="status" aria-live="polite">
        {found && !found.length ? <p className="empty">Nobody in the registry matches “{find.result ? search.trim() : ''}”.</p> : null}
        {found?.length ? <p>{found.length === 1 ? 'One person matches.' : `${found.length} people match.`}</p> : null}
      </div>
      {found?.length ? (
        <ul className="plain-list" aria-label="People found">
          {found.map((p) => (
            <li key={p.personId}>
              <strong>{p.displayName || `Person ${p.personId}`}</strong>
              {p.dateOfBirth ? `, born ${p.dateOfBirth}` : ''}
              {p.emails.map((e) => <Fragment key={e}>{' · '}<Breakable text={e} /></Fragment>)}{' '}
              <Button className="button" onPress={() => onChoose(p.personId)} aria-label={`Choose ${p.displayName || `person ${p.personId}`}`}>Choose</Button>
            </li>
          ))}
        </ul>
      ) : null}

      <h3 className="section-subtitle" id="by-email-title">Not in the registry?</h3>
      <Form className="form" onSubmit={submitEmail} aria-labelledby="by-email-title">
        <Field
          label="Email address" name="email" type="email" value={email} onChange={setEmail} isRequired
          hint="A copy of every case where this address is the customer's or a director's or owner's, as a ZIP."
        />
        <Button type="submit" className="button" isDisabled={byEmail.pending}>Download subject access export</Button>
      </Form>
      {byEmail.error ? <ErrorNotice error={byEmail.error} /> : null}
    </section>
  );
}

function ChosenPerson({ personId, onErased }: { personId: number; onErased: () => void }) {
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(PersonQuery, { id: personId }), `person-${personId}`, onError);
  const sar = useAction(() => execute(SubjectAccessMutation, { input: { personId } }), onError);
  const [answer, setAnswer] = useState<RequestErasureMutation['requestErasure'] | null>(null);
  if (data.status === 'loading') return <Loading label="Loading the person…" />;
  if (data.status === 'error') return <ErrorNotice error={data.error} onRetry={data.reload} />;
  const p = data.data.person;
  if (!p) return <p className="empty">This person is no longer in the registry.</p>;
  const name = p.displayName || `Person ${p.personId}`;
  const cases = [...new Set(p.cases.filter((c) => c.active).map((c) => c.caseId))];
  return (
    <section className="panel" aria-labelledby="chosen-person-title">
      <h2 id="chosen-person-title">{name}</h2>
      <dl className="facts">
        <dt>Born</dt>
        <dd>{p.dateOfBirth ?? 'Not known'}</dd>
        <dt>Email addresses</dt>
        <dd>{p.emails.length ? p.emails.map((e, i) => <Fragment key={e}>{i ? ', ' : ''}<Breakable text={e} /></Fragment>) : 'None'}</dd>
        <dt>Cases</dt>
        <dd>{cases.length ? cases.join(', ') : 'None linked'}</dd>
      </dl>
      <div className="section-actions">
        <Button
          className="button" isDisabled={sar.pending}
          onPress={async () => {
            const done = await sar.run(undefined);
            if (done) download(done.subjectAccessExport.downloadUrl);
          }}
        >
          Download subject access export
        </Button>
        <NoteAction
          label="Request erasure" title={`Erase the personal data of ${name}`} field="reason" fieldLabel="Reason" required submit="Request erasure"
          hint="Where the request came from and its reference. Kept in the audit log with each case's decision."
          run={async (reason) => {
            const r = await execute(RequestErasure, { input: { personId, reason } });
            setAnswer(r.requestErasure);
            return r;
          }}
          onDone={onErased}
        />
      </div>
      {sar.error ? <ErrorNotice error={sar.error} /> : null}
      {answer ? (
        <Success>
          <p>Erasure request {answer.requestId} is recorded. For each case:</p>
          <Decisions decisions={answer.decisions} />
        </Success>
      ) : null}
    </section>
  );
}

const PAGE_SIZE = 20;

function PastRequests({ version }: { version: number }) {
  const onError = useSignInOnUnauthenticated();
  const first = useRequest(() => execute(ErasureRequests, { first: PAGE_SIZE }), `erasure-requests-${version}`, onError);
  const [later, setLater] = useState<{ source: unknown; items: RequestItem[]; next: string | null } | null>(null);
  const fresh = later && first.status === 'done' && later.source === first.data ? later : null;
  const more = useAction((after: string) => execute(ErasureRequests, { first: PAGE_SIZE, after }), onError);
  const items = first.status === 'done' ? [...first.data.erasureRequests.edges.map((e) => e.node), ...(fresh?.items ?? [])] : [];
  const info = first.status === 'done' ? first.data.erasureRequests.pageInfo : null;
  const next = fresh ? fresh.next : info?.hasNextPage ? info.endCursor ?? null : null;
  return (
    <section className="panel" aria-labelledby="past-requests-title">
      <h2 id="past-requests-title">Erasure requests</h2>
      {first.status === 'loading' ? <Loading label="Loading the erasure requests…" /> : null}
      {first.status === 'error' ? <ErrorNotice error={first.error} onRetry={first.reload} /> : null}
      {first.status === 'done' && !items.length ? <p className="empty">No erasure request yet.</p> : null}
      {items.length ? (
        <ul className="plain-list" aria-labelledby="past-requests-title">
          {items.map((r) => (
            <li key={r.requestId} data-testid="erasure-request">
              <strong>Request {r.requestId}</strong> for person {r.personId}{' '}
              <span className={r.state === 'done' ? 'badge badge-ok' : 'badge badge-warn'}>{r.state === 'done' ? 'Done' : 'Waiting'}</span>
              <p>Requested <When at={r.requestedAt} /> by <Breakable text={r.requestedBy} />: {r.reason}</p>
              <Decisions decisions={r.decisions} />
            </li>
          ))}
        </ul>
      ) : null}
      {more.error ? <ErrorNotice error={more.error} /> : null}
      {next ? (
        <Button
          className="button" isDisabled={more.pending}
          onPress={async () => {
            const page = await more.run(next);
            if (!page) return;
            const p = page.erasureRequests;
            setLater({ source: first.data, items: [...(fresh?.items ?? []), ...p.edges.map((e) => e.node)], next: p.pageInfo.hasNextPage ? p.pageInfo.endCursor ?? null : null });
          }}
        >
          Load more
        </Button>
      ) : null}
    </section>
  );
}
