import { useState, type FormEvent } from 'react';
import { FieldError, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { CaseStatus, Recommendation } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { hasRole, type Role } from '../session';
import { DecideCaseMutation, EscalateCaseMutation, ReopenCaseMutation, RespondToEscalationMutation } from './case-query';
import { STATUS_LABELS } from './labels';

// Which action a member sees: the role the server requires (src/access PERMISSIONS: cases:work is analyst,
// cases:respond_escalation and cases:reopen are mlro) and the statuses the transition allows
// (decisions.md). The server refuses anything else anyway; the page does not offer it.
const DECIDABLE: readonly CaseStatus[] = ['in_review', 'returned'];
export function availableActions(role: Role | undefined, status: CaseStatus) {
  return {
    decide: hasRole(role, 'analyst') && DECIDABLE.includes(status),
    escalate: hasRole(role, 'analyst') && DECIDABLE.includes(status),
    respond: hasRole(role, 'mlro') && status === 'pending_senior',
    reopen: hasRole(role, 'mlro') && (status === 'approved' || status === 'declined'),
  };
}

/** The buttons of the actions the member may take on the case now; each opens a dialog. */
export function CaseActions({ caseId, status, role, onDone }: { caseId: string; status: CaseStatus; role: Role | undefined; onDone: (message: string) => void }) {
  const can = availableActions(role, status);
  if (!can.decide && !can.escalate && !can.respond && !can.reopen) {
    return <p className="empty">Nothing to do here for your role while the case is {STATUS_LABELS[status].toLowerCase()}.</p>;
  }
  return (
    <div className="actions">
      {can.decide ? (
        <NoteAction
          label="Approve" title={`Approve case ${caseId}`} primary field="notes" fieldLabel="Notes" submit="Approve case"
          run={(notes) => execute(DecideCaseMutation, { caseId, outcome: 'approved', notes })}
          onDone={() => onDone('The case is approved.')}
        />
      ) : null}
      {can.decide ? (
        <NoteAction
          label="Decline" title={`Decline case ${caseId}`} field="notes" fieldLabel="Notes" required submit="Decline case"
          hint="Why the case is declined; the notes go with the decision to the CRM."
          run={(notes) => execute(DecideCaseMutation, { caseId, outcome: 'declined', notes })}
          onDone={() => onDone('The case is declined.')}
        />
      ) : null}
      {can.escalate ? (
        <NoteAction
          label="Escalate" title={`Escalate case ${caseId}`} field="note" fieldLabel="Note for the senior reviewer" required submit="Escalate"
          run={(note) => execute(EscalateCaseMutation, { caseId, note })}
          onDone={() => onDone('The case is escalated for senior review.')}
        />
      ) : null}
      {can.respond ? <RespondAction caseId={caseId} onDone={onDone} /> : null}
      {can.reopen ? (
        <NoteAction
          label="Reopen" title={`Reopen case ${caseId}`} field="reason" fieldLabel="Reason" required submit="Reopen case"
          hint="Kept in the organisation's audit log."
          run={(reason) => execute(ReopenCaseMutation, { caseId, reason })}
          onDone={() => onDone('The case is reopened and back in review.')}
        />
      ) : null}
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
