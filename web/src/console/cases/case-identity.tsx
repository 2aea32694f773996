// A person's identity check on the case page's People list: the roster status, the verifier's outcome and
// what it checked and did not, why a document on file did or did not stand in for the link, and Resend (a new
// link, the old one stops working; idv.dispatched names the analyst).
import { Button } from 'react-aria-components';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { ResendVerificationMutation } from './case-query';
import { when } from './labels';

export type Verification = NonNullable<ConsoleCaseQuery['case']>['identityVerifications'][number];

const OUTCOME_WORDS: Record<string, string> = { pass: 'Passed', fail: 'Failed', manual_review: 'Needs manual review' };
const CHECK_WORDS: Record<string, string> = { passed: 'passed', failed: 'failed', not_done: 'not checked' };

function statusClass(p: Verification): string {
  if (p.status === 'verified') return 'badge badge-ok';
  if (p.status === 'action_needed' || p.outcome === 'fail') return 'badge badge-bad';
  return 'badge badge-warn';
}

export function IdentityCheck({ caseId, person, onDone }: { caseId: string; person: Verification; onDone: (message: string) => void }) {
  const action = useAction(() => execute(ResendVerificationMutation, { caseId, personKey: person.personKey }), useSignInOnUnauthenticated());
  const resend = async () => {
    if (await action.run(undefined)) onDone(`A new verification link is on its way to ${person.name}.`);
  };
  return (
    <div className="idv-person" data-testid="idv-person">
      <p>
        Identity check: <span className={statusClass(person)} data-testid="idv-status">{person.statusLabel}</span>
        {person.outcome ? ` · ${OUTCOME_WORDS[person.outcome] ?? person.outcome}${person.vendorName ? ` (${person.vendorName})` : ''}` : ''}
      </p>
      {person.dispatchedAt || person.completedAt || person.satisfiedByDocId != null ? (
        <p className="field-hint">
          {person.dispatchedAt ? `Link sent ${when(person.dispatchedAt)} by ${person.dispatchedBy ?? 'system'}. ` : ''}
          {person.completedAt ? `Completed ${when(person.completedAt)}. ` : ''}
          {person.satisfiedByDocId != null ? `Satisfied by document ${person.satisfiedByDocId} on file.` : ''}
        </p>
      ) : null}
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
    </div>
  );
}
