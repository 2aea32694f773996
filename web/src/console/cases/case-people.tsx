// The case's People: each director and owner (one per human, by personKey) with their person-registry link,
// or the persons the registry proposes with Link and Mark as new; Unlink (with a reason) and Attach an
// accepted passport or ID to the linked person, for reuse on later cases.
import { useState, type FormEvent } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { graphql } from '../../gql';
import type { CasePeopleQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { words } from './labels';

const CasePeople = graphql(`
  query CasePeople($caseId: String!) {
    case(caseId: $caseId) {
      caseId
      people {
        caseId
        persons {
          personKey
          name
          email
          roles
          dateOfBirth
          link {
            personId
            displayName
            linkedBy
          }
          proposals {
            personId
            displayName
            dateOfBirth
            nationality
            score
            sameBirthDate
          }
        }
        idDocuments {
          documentId
          documentType
          filename
        }
      }
    }
  }
`);

const LinkPerson = graphql(`
  mutation LinkPerson($caseId: ID!, $personKey: String!, $personId: Int!) {
    linkPerson(caseId: $caseId, personKey: $personKey, personId: $personId) {
      caseId
    }
  }
`);

const MarkPersonNew = graphql(`
  mutation MarkPersonNew($caseId: ID!, $personKey: String!) {
    markPersonNew(caseId: $caseId, personKey: $personKey) {
      caseId
    }
  }
`);

const UnlinkPerson = graphql(`
  mutation UnlinkPerson($caseId: ID!, $personKey: String!, $reason: String!) {
    unlinkPerson(caseId: $caseId, personKey: $personKey, reason: $reason) {
      caseId
    }
  }
`);

const AttachPersonDocument = graphql(`
  mutation AttachPersonDocument($personId: Int!, $documentId: Int!) {
    attachPersonDocument(personId: $personId, documentId: $documentId) {
      personId
    }
  }
`);

type People = NonNullable<CasePeopleQuery['case']>['people'];
type Human = People['persons'][number];

/** The People section of a case page; `version` changes whenever the page reloads the case. */
export function PeopleSection({ caseId, version, onDone }: { caseId: string; version: number; onDone: (message: string) => void }) {
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(CasePeople, { caseId }), `${caseId}|${version}`, onError);
  const people = data.status === 'done' ? data.data.case?.people : undefined;
  return (
    <section className="case-section" aria-labelledby="people-title">
      <h2 id="people-title">People</h2>
      {data.status === 'loading' ? <Loading label="Loading the people…" /> : null}
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {people && people.persons.length === 0 ? <p className="empty">No directors or beneficial owners recorded yet.</p> : null}
      {people && people.persons.length > 0 ? (
        <ul className="plain-list people">
          {people.persons.map((h) => (
            <li key={h.personKey}>
              <Person caseId={caseId} human={h} idDocuments={people.idDocuments} onDone={onDone} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Person({ caseId, human, idDocuments, onDone }: { caseId: string; human: Human; idDocuments: People['idDocuments']; onDone: (message: string) => void }) {
  const onError = useSignInOnUnauthenticated();
  const link = useAction((personId: number) => execute(LinkPerson, { caseId, personKey: human.personKey, personId }), onError);
  const markNew = useAction(() => execute(MarkPersonNew, { caseId, personKey: human.personKey }), onError);
  const error = link.error ?? markNew.error;
  return (
    <div className="person">
      <p>
        <strong>{human.name}</strong> · {human.roles.map(words).join(', ')}
        {human.dateOfBirth ? ` · born ${human.dateOfBirth}` : ''}{human.email ? ` · ${human.email}` : ''}
      </p>
      {human.link ? (
        <div className="person-link">
          <p>
            Linked to <Link href={`/console/persons/${human.link.personId}`}>{human.link.displayName}</Link> (person {human.link.personId}) by {human.link.linkedBy}.
          </p>
          <div className="actions">
            <UnlinkButton caseId={caseId} human={human} onDone={onDone} />
            {idDocuments.length > 0 ? <AttachButton personId={human.link.personId} name={human.link.displayName} idDocuments={idDocuments} onDone={onDone} /> : null}
          </div>
        </div>
      ) : (
        <div className="person-proposals">
          {human.proposals.length === 0 ? <p>No matching person in the registry.</p> : (
            <ul className="plain-list" aria-label={`Proposed persons for ${human.name}`}>
              {human.proposals.map((p) => (
                <li key={p.personId}>
                  <Link href={`/console/persons/${p.personId}`}>{p.displayName}</Link>
                  {p.dateOfBirth ? ` · born ${p.dateOfBirth}` : ''}{p.nationality ? ` · ${p.nationality}` : ''} · match {Math.round(p.score * 100)}%
                  {p.sameBirthDate ? ' (same date of birth)' : ''}{' '}
                  <Button
                    className="button"
                    aria-label={`Link ${human.name} to ${p.displayName} (person ${p.personId})`}
                    isDisabled={link.pending}
                    onPress={async () => {
                      if (await link.run(p.personId)) onDone(`${human.name} is linked to ${p.displayName}.`);
                    }}
                  >
                    Link
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <Button
            className="button"
            aria-label={`Mark as new: ${human.name}`}
            isDisabled={markNew.pending}
            onPress={async () => {
              if (await markNew.run(undefined)) onDone(`${human.name} is registered as a new person.`);
            }}
          >
            Mark as new
          </Button>
        </div>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}

function UnlinkButton({ caseId, human, onDone }: { caseId: string; human: Human; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const action = useAction((r: string) => execute(UnlinkPerson, { caseId, personKey: human.personKey, reason: r }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, ['reason']);
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (await action.run(reason)) {
      setOpen(false);
      onDone(`${human.name} is no longer linked to ${human.link?.displayName ?? 'the person'}.`);
    }
  };
  return (
    <DialogButton label="Unlink" title={`Unlink ${human.name}`} isOpen={open} onOpenChange={setOpen}>
      <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
        <Field multiline label="Reason" name="reason" value={reason} onChange={(v) => { setReason(v); edited('reason'); }} isRequired hint="Why this is not the same human (kept with the link)." />
        {rest ? <ErrorNotice error={rest} /> : null}
        <DialogButtons submit="Unlink" pending={action.pending} onCancel={() => setOpen(false)} />
      </Form>
    </DialogButton>
  );
}

function AttachButton({ personId, name, idDocuments, onDone }: { personId: number; name: string; idDocuments: People['idDocuments']; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(String(idDocuments[0]!.documentId));
  const action = useAction((documentId: number) => execute(AttachPersonDocument, { personId, documentId }), useSignInOnUnauthenticated());
  const options = idDocuments.map((d) => ({ id: String(d.documentId), label: `${d.documentType}: ${d.filename}` }));
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (await action.run(Number(choice))) {
      setOpen(false);
      onDone(`The document is attached to ${name}.`);
    }
  };
  return (
    <DialogButton label="Attach document" title={`Attach an ID document to ${name}`} isOpen={open} onOpenChange={setOpen}>
      <Form className="form" onSubmit={send}>
        <p>Later cases reuse an attached passport or ID within the organisation&apos;s reuse window, until it expires.</p>
        <SelectField label="Document" value={choice} onChange={setChoice} options={options} isRequired />
        {action.error ? <ErrorNotice error={action.error} /> : null}
        <DialogButtons submit="Attach" pending={action.pending} onCancel={() => setOpen(false)} />
      </Form>
    </DialogButton>
  );
}
