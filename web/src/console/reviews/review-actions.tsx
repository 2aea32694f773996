import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { MonitoringReviewDisposition, MonitoringReviewResolution, MonitoringReviewState } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ErrorNotice } from '../../ui/status';
import { NoteAction } from '../cases/case-actions';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { REVIEW_DISPOSITION_LABELS } from './labels';
import { ApproveReviewMutation, DispositionReviewMutation, ReopenReviewMutation, ResolveReviewMutation } from './review-query';

// What a member is offered is what the server says they may do (the review's viewerCan: src/monitoring-reviews'
// permissions, states and four-eyes). The server checks again.
interface Review {
  id: string;
  reviewRef: string;
  state: MonitoringReviewState;
  viewerCan: { dispositionMonitoringReview: boolean; approveMonitoringReview: boolean; resolveMonitoringReview: boolean; reopenMonitoringReview: boolean };
}

export function ReviewActions({ review, onDone }: { review: Review; onDone: (message: string) => void }) {
  const { dispositionMonitoringReview: verdict, approveMonitoringReview: approve, resolveMonitoringReview: resolve, reopenMonitoringReview: reopen } = review.viewerCan;
  if (!verdict && !approve && !resolve && !reopen) {
    // Every member may approve a verdict: one they may not approve is their own (four-eyes).
    return (
      <p className="empty">
        {review.state === 'pending_approval'
          ? 'You gave this verdict: with four-eyes approval on, another member approves it.'
          : 'Nothing to do here for your role in this state.'}
      </p>
    );
  }
  return (
    <div className="actions">
      {verdict ? <VerdictAction review={review} onDone={onDone} options={['true_match', 'false_positive', 'escalate']} /> : null}
      {approve ? <ApproveButton id={review.id} onDone={() => onDone('The verdict is approved and the review closed.')} /> : null}
      {resolve ? <VerdictAction review={review} onDone={onDone} options={['true_match', 'false_positive']} mlro /> : null}
      {reopen ? (
        <NoteAction
          label="Reopen" title={`Reopen review ${review.reviewRef}`} field="reason" fieldLabel="Reason" required submit="Reopen review"
          hint="The verdict and sign-off are cleared; a fresh verdict and a second person are needed."
          run={(reason) => execute(ReopenReviewMutation, { id: review.id, reason })}
          onDone={() => onDone('The review is reopened.')}
        />
      ) : null}
    </div>
  );
}

function ApproveButton({ id, onDone }: { id: string; onDone: () => void }) {
  const action = useAction(() => execute(ApproveReviewMutation, { id }), useSignInOnUnauthenticated());
  return (
    <>
      <Button className="button button-primary" isDisabled={action.pending} onPress={async () => { if ((await action.run(undefined)) !== undefined) onDone(); }}>
        Approve verdict
      </Button>
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </>
  );
}

/** The analyst's verdict, or with `mlro` the MLRO's resolution: a choice and a note, in a dialog. */
function VerdictAction({ review, options, mlro, onDone }: {
  review: Review; options: MonitoringReviewDisposition[]; mlro?: boolean; onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton
      label={mlro ? 'Resolve' : 'Give verdict'} className="button button-primary" title={`${mlro ? 'Resolve' : 'Verdict on'} review ${review.reviewRef}`}
      isOpen={open} onOpenChange={setOpen}
    >
      <VerdictForm
        id={review.id} options={options} mlro={mlro} onCancel={() => setOpen(false)}
        onDone={(state) => {
          setOpen(false);
          onDone(state === 'closed' ? 'The review is closed.' : state === 'with_mlro' ? 'The review is handed to the MLRO.' : 'The verdict awaits a second person.');
        }}
      />
    </DialogButton>
  );
}

function VerdictForm({ id, options, mlro, onDone, onCancel }: {
  id: string; options: MonitoringReviewDisposition[]; mlro?: boolean; onDone: (state: string) => void; onCancel: () => void;
}) {
  const [disposition, setDisposition] = useState<MonitoringReviewDisposition | ''>('');
  const [note, setNote] = useState('');
  const action = useAction(async (input: { disposition: MonitoringReviewDisposition; note: string }) => {
    if (mlro) return (await execute(ResolveReviewMutation, { id, disposition: input.disposition as MonitoringReviewResolution, note: input.note })).resolveMonitoringReview.state;
    return (await execute(DispositionReviewMutation, { id, ...input })).dispositionMonitoringReview.state;
  }, useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, ['disposition', 'note']);
  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!disposition) return;
    const state = await action.run({ disposition, note });
    if (state !== undefined) onDone(state);
  }
  return (
    <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
      <RadioGroup className="radio-group" name="disposition" isRequired value={disposition} onChange={(v) => { setDisposition(v as MonitoringReviewDisposition); edited('disposition'); }}>
        <Label>{mlro ? 'Resolution' : 'Verdict'}</Label>
        {options.map((d) => (
          <Radio key={d} className="radio" value={d}><span className="radio-dot" aria-hidden="true" />{REVIEW_DISPOSITION_LABELS[d]}</Radio>
        ))}
        <FieldError className="field-error" />
      </RadioGroup>
      <Field multiline label="Note" name="note" value={note} onChange={(v) => { setNote(v); edited('note'); }} isRequired autoFocus />
      {rest ? <ErrorNotice error={rest} /> : null}
      <DialogButtons submit={mlro ? 'Resolve review' : 'Record verdict'} pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}
