// The case page's Identity verification: each director, UBO and signatory (one per human) with their roles,
// roster status, the verifier's outcome and what it checked and did not, why a document on file did or did not
// stand in for the link, and Resend (a new link, the old one
// stops working; idv.dispatched names the analyst).
import { Button } from 'react-aria-components';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { ResendVerificationMutation } from './case-query';
import { when, words } from './labels';

type Person = NonNullable<ConsoleCaseQuery['case']>['identityVerifications'][number];

const ROLE_WORDS: Record<string, string> = { director: 'Director', ubo: 'Beneficial owner', signatory: 'Signatory' };
const OUTCOME_WORDS: Record<string, string> = { pass: 'Passed', fail: 'Failed', manual_review: 'Needs manual review' };
const CHECK_WORDS: Record<string, string> = { passed: 'passed', failed: 'failed', not_done: 'not checked' };

function PersonRow({ caseId, person, onDone }: { caseId: string; person: Person; onDone: (message: string) => void }) {
  const action = useAction(() => execute(ResendVerificationMutation, { caseId, personKey: person.personKey }), useSignInOnUnauthenticated());
  const resend = async () => {
    if (await action.run(undefined)) onDone(`A new verification link is on its way to ${person.name}.`);
  };
  return (
    <li className="idv-person" data-testid="idv-person">
      <p>
        <strong>{person.name}</strong> · {person.roles.map((r) => ROLE_WORDS[r] ?? words(r)).join(', ')} · <span data-testid="idv-status">{person.statusLabel}</span>
        {person.outcome ? ` · ${OUTCOME_WORDS[person.outcome] ?? person.outcome}${person.vendorName ? ` (${person.vendorName})` : ''}` : ''}
      </p>
      <p className="field-hint">
        {person.dispatchedAt ? `Link sent ${when(person.dispatchedAt)} by ${person.dispatchedBy ?? 'system'}. ` : ''}
        {person.completedAt ? `Completed ${when(person.completedAt)}. ` : ''}
        {person.satisfiedByDocId != null ? `Satisfied by document ${person.satisfiedByDocId} on file.` : ''}
      </p>
      {person.checks.length ? (
        <ul className="plain-list checks" aria-label={`Checks for ${person.name}`}>
          {person.checks.map((c) => <li key={c.key}>{c.label}: {CHECK_WORDS[c.result]}{c.detail ? ` (${c.detail})` : ''}</li>)}
        </ul>
      ) : null}
      {person.documentOnFile ? (
        <div className="idv-document-on-file" data-testid="idv-document-on-file">
          <p className="field-hint">
            {person.documentOnFile.satisfied
              ? 'A document on file stood in for the verification link:'
              : 'No document on file stood in for the verification link:'}
          </p>
          <ul className="plain-list checks" aria-label={`Document on file for ${person.name}`}>
            {person.documentOnFile.reasons.map((r, i) => <li key={`${r.code}-${i}`}>{r.text}</li>)}
          </ul>
        </div>
      ) : null}
      {person.canResend ? (
        <Button className="button" onPress={resend} isPending={action.pending} aria-label={`Resend link to ${person.name}`}>Resend link</Button>
      ) : null}
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </li>
  );
}

export function IdentityVerificationSection({ caseId, people, onDone }: { caseId: string; people: Person[]; onDone: (message: string) => void }) {
  return (
    <section className="case-section" aria-labelledby="idv-title">
      <h2 id="idv-title">Identity verification</h2>
      {people.length === 0 ? <p className="empty">No directors, owners or signatories to verify.</p> : (
        <ul className="plain-list">
          {people.map((p) => <PersonRow key={p.personKey} caseId={caseId} person={p} onDone={onDone} />)}
        </ul>
      )}
    </section>
  );
}
