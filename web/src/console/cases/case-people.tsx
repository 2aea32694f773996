// The case's People, one list (one entry per human, by personKey): their roles in words (a beneficial owner
// with their share), their email address (Add or Correct, audited), their identity check (Resend link), and
// their person-registry link or the persons the registry proposes with Link and Mark as new; Unlink (with a
// reason) and Attach an accepted passport or ID to the linked person, for reuse on later cases.
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
import { IdentityCheck, type Verification } from './case-identity';
import { PersonEmailButton } from './person-email';

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

type Party = { kind: string; name: string; ownershipPercent?: number | null };

const ROLE_WORDS: Record<string, string> = { director: 'Director', ubo: 'Beneficial owner', signatory: 'Signatory' };

/** A person's roles in words, a beneficial owner with their share: `Director, Beneficial owner (25%)`. */
function roleWords(name: string, roles: readonly string[], parties: readonly Party[]): string {
  return roles.map((r) => {
    const word = ROLE_WORDS[r] ?? r.replace(/_/g, ' ');
    const share = r === 'ubo' ? parties.find((p) => p.kind === 'ubo' && p.name === name)?.ownershipPercent : null;
    return share != null ? `${word} (${share}%)` : word;
  }).join(', ');
}

/**
 * The People section of a case page: the case's people (identityVerifications, in roster order) with their
 * registry links (read here); `version` changes whenever the page reloads the case.
 */
export function PeopleSection({ caseId, version, people, parties, mayEditEmail, onDone }: {
  caseId: string; version: number; people: readonly Verification[]; parties: readonly Party[]; mayEditEmail: boolean; onDone: (message: string) => void;
}) {
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(CasePeople, { caseId }), `${caseId}|${version}`, onError);
  const registry = data.status === 'done' ? data.data.case?.people : undefined;
  return (
    <section className="case-section" aria-labelledby="people-title">
      <h2 id="people-title">People</h2>
      {people.length === 0 ? <p className="empty">No directors, beneficial owners or signatories recorded yet.</p> : (
        <ul className="plain-list people">
          {people.map((p) => {
            const human = registry?.persons.find((h) => h.personKey === p.personKey);
            return (
              <li key={p.personKey} className="person-entry">
                <h3 className="person-name">{p.name}</h3>
                <p className="person-roles">{roleWords(p.name, p.roles, parties)}{human?.dateOfBirth ? ` · born ${human.dateOfBirth}` : ''}</p>
                <p className="person-email">
                  {p.email ? <>Email: {p.email}</> : <>No email address: add one so that the verification link can be sent.</>}
                  {mayEditEmail ? <> <PersonEmailButton caseId={caseId} personKey={p.personKey} name={p.name} email={p.email ?? null} onDone={onDone} /></> : null}
                </p>
                <IdentityCheck caseId={caseId} person={p} onDone={onDone} />
                {human && registry ? <Person caseId={caseId} human={human} idDocuments={registry.idDocuments} onDone={onDone} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {data.status === 'loading' ? <Loading label="Loading the person registry…" /> : null}
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
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
