import { useState, type FormEvent } from 'react';
import { FieldError, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { DocumentOverrideStatus } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { OverrideDocumentStatusMutation } from './case-query';

const OVERRIDE_FIELDS = ['status', 'note', 'reason'];

/** `Override status` of a document in error: approved (with a note) or escalated (with a reason); data.corrected. */
export function DocumentOverride({ documentId, filename, onDone }: { documentId: number; filename: string; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton label="Override status" title={`Override the status of ${filename}`} isOpen={open} onOpenChange={setOpen}>
      <OverrideForm
        documentId={documentId}
        onCancel={() => setOpen(false)}
        onDone={(status) => {
          setOpen(false);
          onDone(`${filename} is now ${status}.`);
        }}
      />
    </DialogButton>
  );
}

function OverrideForm({ documentId, onDone, onCancel }: { documentId: number; onDone: (status: DocumentOverrideStatus) => void; onCancel: () => void }) {
  const [status, setStatus] = useState<DocumentOverrideStatus | ''>('');
  const [text, setText] = useState('');
  const action = useAction(
    (input: { status: DocumentOverrideStatus; text: string }) => execute(OverrideDocumentStatusMutation, {
      documentId, status: input.status, note: input.status === 'approved' ? input.text : null, reason: input.status === 'escalated' ? input.text : null,
    }),
    useSignInOnUnauthenticated(),
  );
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, OVERRIDE_FIELDS);
  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!status) return;
    if ((await action.run({ status, text })) !== undefined) onDone(status);
  }
  return (
    <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
      <RadioGroup className="radio-group" name="status" isRequired value={status} onChange={(v) => { setStatus(v as DocumentOverrideStatus); edited('status'); }}>
        <Label>New status</Label>
        <Radio className="radio" value="approved"><span className="radio-dot" aria-hidden="true" />Approved</Radio>
        <Radio className="radio" value="escalated"><span className="radio-dot" aria-hidden="true" />Escalated</Radio>
        <FieldError className="field-error" />
      </RadioGroup>
      {status === 'escalated' ? (
        <Field multiline key="reason" label="Reason" name="reason" value={text} onChange={(v) => { setText(v); edited('reason'); }} isRequired hint="Why the document needs a senior look." />
      ) : (
        <Field multiline key="note" label="Note" name="note" value={text} onChange={(v) => { setText(v); edited('note'); }} isRequired={status === 'approved'} hint="Why the document is acceptable despite the error." />
      )}
      {rest ? <ErrorNotice error={rest} /> : null}
      <DialogButtons submit="Save status" pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}
