import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { CaseStatus, CaseViewerCanFieldsFragment, Recommendation } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import {
  ApproveDecisionOverrideMutation, DecideCaseMutation, EscalateCaseMutation, RejectDecisionOverrideMutation, ReopenCaseMutation, RespondToEscalationMutation,
} from './case-query';
import { STATUS_LABELS, when } from './labels';

/** An approval over open checks waiting for a second member (four-eyes). */
export interface PendingOverride {
  reason: string;
  notes: string;
  requestedBy: string;
  requestedAt: string;
  blockers: { message: string }[];
}

interface CaseActionsProps {
  caseId: string;
  status: CaseStatus;
  /** What the member may do to the case now (the case's viewerCan: the server's permissions and transitions). */
  can: CaseViewerCanFieldsFragment;
  /** The open checks (decisionBlockers): approving over them needs an override reason. */
  blockers: { message: string }[];
  pending: PendingOverride | null;
  onDone: (message: string) => void;
}

/** The buttons of the actions the member may take on the case now; each opens a dialog. */
export function CaseActions({ caseId, status, can, blockers, pending, onDone }: CaseActionsProps) {
  if (!can.decideCase && !can.escalateCase && !can.respondToEscalation && !can.reopenCase) {
    return <p className="empty">Nothing to do here for your role while the case is {STATUS_LABELS[status].toLowerCase()}.</p>;
  }
  return (
    <>
      {pending && can.decideCase ? <PendingOverrideNotice caseId={caseId} pending={pending} can={can} onDone={onDone} /> : null}
      <div className="actions case-actions">
        {can.decideCase && !pending ? <ApproveAction caseId={caseId} blockers={blockers} onDone={onDone} /> : null}
        <OtherActions caseId={caseId} can={can} onDone={onDone} />
      </div>
    </>
  );
}

function OtherActions({ caseId, can, onDone }: { caseId: string; can: CaseViewerCanFieldsFragment; onDone: (message: string) => void }) {
  return (
    <>
      {can.decideCase ? (
        <NoteAction
          label="Decline" title={`Decline case ${caseId}`} field="notes" fieldLabel="Notes" required submit="Decline case"
          hint="Why the case is declined; the notes go with the decision to the CRM."
          run={(notes) => execute(DecideCaseMutation, { caseId, outcome: 'declined', notes })}
          onDone={() => onDone('The case is declined.')}
        />
      ) : null}
      {can.escalateCase ? (
        <NoteAction
          label="Escalate" title={`Escalate case ${caseId}`} field="note" fieldLabel="Note for the senior reviewer" required submit="Escalate"
          run={(note) => execute(EscalateCaseMutation, { caseId, note })}
          onDone={() => onDone('The case is escalated for senior review.')}
        />
      ) : null}
      {can.respondToEscalation ? <RespondAction caseId={caseId} onDone={onDone} /> : null}
      {can.reopenCase ? (
        <NoteAction
          label="Reopen" title={`Reopen case ${caseId}`} field="reason" fieldLabel="Reason" required submit="Reopen case"
          hint="Kept in the organisation's audit log."
          run={(reason) => execute(ReopenCaseMutation, { caseId, reason })}
          onDone={() => onDone('The case is reopened and back in review.')}
        />
      ) : null}
    </>
  );
}

/**
 * Approve: notes, and while checks are open, the list of them and a required override reason (kept with the
 * decision and in the audit log; with four-eyes on, another member must approve it before it takes effect).
 */
function ApproveAction({ caseId, blockers, onDone }: { caseId: string; blockers: { message: string }[]; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const blocked = blockers.length > 0;
  return (
    <DialogButton label="Approve" className="button button-primary" title={`Approve case ${caseId}`} isOpen={open} onOpenChange={setOpen}>
      <ApproveForm
        caseId={caseId}
        blockers={blockers}
        onCancel={() => setOpen(false)}
        onDone={(status) => {
          setOpen(false);
          onDone(status === 'approved' ? 'The case is approved.' : blocked ? 'The approval waits for a second member to approve it.' : 'The case is approved.');
        }}
      />
    </DialogButton>
  );
}

const APPROVE_FIELDS = ['notes', 'overrideReason'];

function ApproveForm({ caseId, blockers, onDone, onCancel }: { caseId: string; blockers: { message: string }[]; onDone: (status: CaseStatus) => void; onCancel: () => void }) {
  const [notes, setNotes] = useState('');
  const [reason, setReason] = useState('');
  const blocked = blockers.length > 0;
  const action = useAction(
    (input: { notes: string; overrideReason: string | null }) => execute(DecideCaseMutation, { caseId, outcome: 'approved', ...input }),
    useSignInOnUnauthenticated(),
  );
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, APPROVE_FIELDS);
  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await action.run({ notes, overrideReason: blocked ? reason : null });
    if (result !== undefined) onDone(result.decideCase.status);
  }
  return (
    <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
      {blocked ? (
        <div className="notice notice-error" id="open-checks">
          <p><strong>Checks still open:</strong></p>
          <ul>{blockers.map((b) => <li key={b.message}>{b.message}</li>)}</ul>
        </div>
      ) : null}
      <Field multiline label="Notes" name="notes" value={notes} onChange={(v) => { setNotes(v); edited('notes'); }} autoFocus />
      {blocked ? (
        <Field
          multiline label="Override reason" name="overrideReason" value={reason} onChange={(v) => { setReason(v); edited('overrideReason'); }} isRequired maxLength={2000}
          hint="Why you approve despite the open checks; kept with the decision and in the audit log. With four-eyes on, another member must approve it."
        />
      ) : null}
      {rest ? <ErrorNotice error={rest} /> : null}
      <DialogButtons submit={blocked ? 'Approve over open checks' : 'Approve case'} pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}

/** A pending override: what was asked and why; another member (not its requester: viewerCan says) approves or rejects it. */
function PendingOverrideNotice({ caseId, pending, can, onDone }: { caseId: string; pending: PendingOverride; can: CaseViewerCanFieldsFragment; onDone: (message: string) => void }) {
  const approve = useAction((id: string) => execute(ApproveDecisionOverrideMutation, { caseId: id }), useSignInOnUnauthenticated());
  const reject = useAction((id: string) => execute(RejectDecisionOverrideMutation, { caseId: id }), useSignInOnUnauthenticated());
  const error = approve.error ?? reject.error;
  return (
    <div className="notice notice-neutral" role="group" aria-labelledby="pending-override-title">
      <p id="pending-override-title"><strong>Approval over open checks awaiting a second approver</strong></p>
      <p>{pending.requestedBy} asked to approve on {when(pending.requestedAt)}: {pending.reason}</p>
      <ul>{pending.blockers.map((b) => <li key={b.message}>{b.message}</li>)}</ul>
      {!can.approveDecisionOverride && !can.rejectDecisionOverride ? (
        <p>Another member must approve or reject it.</p>
      ) : (
        <div className="actions">
          {can.approveDecisionOverride ? (
            <Button className="button button-primary" isPending={approve.pending} onPress={async () => { if (await approve.run(caseId)) onDone('The case is approved.'); }}>
              Approve override
            </Button>
          ) : null}
          {can.rejectDecisionOverride ? (
            <Button className="button" isPending={reject.pending} onPress={async () => { if (await reject.run(caseId)) onDone('The override is rejected; the case stays in review.'); }}>
              Reject override
            </Button>
          ) : null}
        </div>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}

interface NoteActionProps {
  label: string;
  title: string;
  field: string;
  fieldLabel: string;
  submit: string;
  run: (text: string) => Promise<unknown>;
  onDone: () => void;
  required?: boolean;
  primary?: boolean;
  hint?: string;
}

/** An action with one text (notes, a note, a reason): a button, then a dialog with the text and the server's answer. */
export function NoteAction({ label, title, primary, ...form }: NoteActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton label={label} className={primary ? 'button button-primary' : 'button'} title={title} isOpen={open} onOpenChange={setOpen}>
      <NoteForm
        {...form}
        onCancel={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          form.onDone();
        }}
      />
    </DialogButton>
  );
}

function NoteForm({ field, fieldLabel, submit, run, onDone, onCancel, required, hint }: Omit<NoteActionProps, 'label' | 'title' | 'primary'> & { onCancel: () => void }) {
  const [text, setText] = useState('');
  const action = useAction(run, useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, [field]);
  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if ((await action.run(text)) !== undefined) onDone();
  }
  return (
    <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
      <Field multiline label={fieldLabel} name={field} value={text} onChange={(v) => { setText(v); edited(field); }} isRequired={required} hint={hint} autoFocus />
      {rest ? <ErrorNotice error={rest} /> : null}
      <DialogButtons submit={submit} pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}

const RESPOND_FIELDS = ['recommendation', 'note'];

const RECOMMENDATIONS: { id: Recommendation; label: string }[] = [
  { id: 'approve', label: 'Approve' },
  { id: 'decline', label: 'Decline' },
  { id: 'refer', label: 'Refer' },
];

/** The MLRO's answer to an escalation: a recommendation and a note; the case returns to the analysts. */
function RespondAction({ caseId, onDone }: { caseId: string; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton label="Respond to escalation" className="button button-primary" title={`Respond to the escalation of ${caseId}`} isOpen={open} onOpenChange={setOpen}>
      <RespondForm
        caseId={caseId}
        onCancel={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          onDone('Your response is recorded; the case is returned to the analysts.');
        }}
      />
    </DialogButton>
  );
}

function RespondForm({ caseId, onDone, onCancel }: { caseId: string; onDone: () => void; onCancel: () => void }) {
  const [recommendation, setRecommendation] = useState<Recommendation | ''>('');
  const [note, setNote] = useState('');
  const action = useAction(
    (input: { recommendation: Recommendation; note: string }) => execute(RespondToEscalationMutation, { caseId, ...input }),
    useSignInOnUnauthenticated(),
  );
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, RESPOND_FIELDS);
  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!recommendation) return;
    if ((await action.run({ recommendation, note })) !== undefined) onDone();
  }
  return (
    <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
      <RadioGroup className="radio-group" name="recommendation" isRequired value={recommendation} onChange={(v) => { setRecommendation(v as Recommendation); edited('recommendation'); }}>
        <Label>Recommendation</Label>
        {RECOMMENDATIONS.map((r) => (
          <Radio key={r.id} className="radio" value={r.id}><span className="radio-dot" aria-hidden="true" />{r.label}</Radio>
        ))}
        <FieldError className="field-error" />
      </RadioGroup>
      <Field multiline label="Note" name="note" value={note} onChange={(v) => { setNote(v); edited('note'); }} isRequired />
      {rest ? <ErrorNotice error={rest} /> : null}
      <DialogButtons submit="Send response" pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}
