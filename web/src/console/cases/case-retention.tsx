// The case page's Retention and legal hold: whether the case still holds personal data, its retention period under
// the organisation's schedule (when it ends and on which legal basis), its legal hold, and the deletion certificate
// once erased (Case.retention). An MLRO or above places a legal hold with a reason (setLegalHold) and releases it
// (releaseLegalHold). Read with its own query, reloaded with the case.
import { useState } from 'react';
import { graphql } from '../../gql';
import type { CaseRetentionPanelQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Breakable } from '../../ui/breakable';
import { ConfirmButton } from '../../ui/dialog';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { useViewer } from '../session';
import { NoteAction } from './case-actions';
import { day, when } from './labels';

const CaseRetentionQuery = graphql(`
  query CaseRetentionPanel($caseId: String!) {
    case(caseId: $caseId) {
      caseId
      purgedAt
      retention {
        legalHold {
          reason
          placedBy
          placedAt
        }
        period {
          state
          dueAt
          basis
        }
        deletionCertificate {
          basis
          policyVersion
          issuedAt
        }
      }
    }
  }
`);

const SetLegalHoldMutation = graphql(`
  mutation SetLegalHold($caseId: String!, $reason: String!) {
    setLegalHold(caseId: $caseId, reason: $reason) {
      placedAt
    }
  }
`);

const ReleaseLegalHoldMutation = graphql(`
  mutation ReleaseLegalHold($caseId: String!) {
    releaseLegalHold(caseId: $caseId) {
      releasedAt
    }
  }
`);

type CaseRetention = NonNullable<CaseRetentionPanelQuery['case']>;

/** Why a case's personal data was erased, in words. */
const BASIS_WORDS: Record<string, string> = {
  zero_retention: 'zero retention, once the full case file was delivered',
  retention_policy: 'the retention schedule, when its period ended',
  erasure_request: 'a data subject\'s erasure request',
};

function periodText(c: CaseRetention): string {
  const { period, legalHold } = c.retention;
  if (c.purgedAt) return 'Over: the personal data is erased.';
  if (period.state === 'running' && period.dueAt) return `Runs until ${day(period.dueAt)} (${period.basis ?? 'the retention schedule'}); the personal data is erased then.`;
  if (period.state === 'ended' && period.dueAt) {
    return legalHold
      ? `Ended on ${day(period.dueAt)}; the legal hold keeps the personal data until it is released.`
      : `Ended on ${day(period.dueAt)}; the personal data is erased at the next sweep.`;
  }
  return 'None runs: the schedule keeps this kind of case, or the case is not decided yet.';
}

export function CaseRetentionSection({ caseId, version, onDone }: {
  caseId: string;
  /** Bumped by the case page after every change: the section reads again. */
  version: number;
  onDone: (message: string) => void;
}) {
  const onError = useSignInOnUnauthenticated();
  const viewer = useViewer();
  const data = useRequest(() => execute(CaseRetentionQuery, { caseId }), `${caseId}|${version}`, onError);
  const release = useAction(() => execute(ReleaseLegalHoldMutation, { caseId }), onError);
  // Keeps what it showed while reading again (no flash, the buttons keep their focus).
  const [shown, setShown] = useState<CaseRetention | null>(null);
  if (data.status === 'done' && data.data.case && shown !== data.data.case) setShown(data.data.case);
  const c = data.status === 'done' ? data.data.case : shown;
  const mayHold = viewer?.viewerCan.manageLegalHold ?? false;

  return (
    <section className="case-section" aria-labelledby="retention-title">
      <h2 id="retention-title">Retention and legal hold</h2>
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {!c && data.status === 'loading' ? <Loading label="Loading retention…" /> : null}
      {c ? (
        <>
          <dl className="facts" data-testid="case-retention">
            <dt>Personal data</dt>
            <dd>
              {c.purgedAt
                ? `Erased on ${day(c.purgedAt)}${c.retention.deletionCertificate ? ` by ${BASIS_WORDS[c.retention.deletionCertificate.basis] ?? c.retention.deletionCertificate.basis}` : ''}.`
                : 'Held.'}
            </dd>
            <dt>Retention period</dt>
            <dd>{periodText(c)}</dd>
            <dt>Legal hold</dt>
            <dd>
              {c.retention.legalHold
                ? <>On hold since {when(c.retention.legalHold.placedAt)}, placed by <Breakable text={c.retention.legalHold.placedBy} />: {c.retention.legalHold.reason}. Nothing erases the personal data until it is released.</>
                : 'None.'}
            </dd>
            {c.retention.deletionCertificate ? (
              <>
                <dt>Deletion certificate</dt>
                <dd>
                  Signed on {when(c.retention.deletionCertificate.issuedAt)}
                  {c.retention.deletionCertificate.policyVersion !== null ? ` under version ${c.retention.deletionCertificate.policyVersion} of the schedule` : ''}; it is in the evidence pack.
                </dd>
              </>
            ) : null}
          </dl>
          {mayHold ? (
            <div className="section-actions">
              {c.retention.legalHold ? (
                <ConfirmButton
                  label="Release legal hold" title={`Release the legal hold on case ${caseId}`} confirmLabel="Release" destructive={false}
                  pending={release.pending} error={release.error}
                  onConfirm={async () => {
                    const done = await release.run(undefined);
                    if (done) onDone('The legal hold is released.');
                    return done !== undefined;
                  }}
                >
                  <p>Once released, the case&apos;s personal data is erased when its retention period or an erasure request says so.</p>
                </ConfirmButton>
              ) : (
                <NoteAction
                  label="Place legal hold" title={`Place a legal hold on case ${caseId}`} field="reason" fieldLabel="Reason" required submit="Place legal hold"
                  hint="Why the records must be kept (litigation, an investigation). Kept in the audit log."
                  run={(reason) => execute(SetLegalHoldMutation, { caseId, reason })}
                  onDone={() => onDone('The case is on legal hold: nothing erases its personal data until the hold is released.')}
                />
              )}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
