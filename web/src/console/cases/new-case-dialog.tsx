import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { Check } from '../../ui/check';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ErrorNotice } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';

const CreateCaseMutation = graphql(`
  mutation CreateCase($input: CreateCaseInput!) {
    createCase(input: $input) {
      caseId
      companyName
    }
  }
`);

const EMPTY = { companyName: '', customerEmail: '', customerName: '', country: '', companyNumber: '', sendInvite: false };
const FIELDS = ['companyName', 'customerEmail', 'customerName', 'country', 'companyNumber', 'sendInvite'];

/** `New case`: a dialog that opens a case by hand (createCase), optionally emailing the customer the invite. */
export function NewCaseButton({ onCreated }: { onCreated: (c: { caseId: string; companyName: string }) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton label="New case" className="button button-primary" title="New case" isOpen={open} onOpenChange={setOpen}>
      <NewCaseForm
        onCancel={() => setOpen(false)}
        onCreated={(c) => {
          setOpen(false);
          onCreated(c);
        }}
      />
    </DialogButton>
  );
}

/** The dialog's form (mounted while the dialog is open: each opening starts blank). */
function NewCaseForm({ onCreated, onCancel }: { onCreated: (c: { caseId: string; companyName: string }) => void; onCancel: () => void }) {
  const [input, setInput] = useState(EMPTY);
  const action = useAction((i: typeof EMPTY) => execute(CreateCaseMutation, {
    input: {
      companyName: i.companyName,
      customerEmail: i.customerEmail.trim() || null,
      customerName: i.customerName.trim() || null,
      country: i.country.trim() || null,
      companyNumber: i.companyNumber.trim() || null,
      sendInvite: i.sendInvite,
    },
  }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, FIELDS);
  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setInput((prev) => ({ ...prev, [name]: value }));
    edited(name);
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await action.run(input);
    if (done) onCreated({ caseId: done.createCase.caseId, companyName: done.createCase.companyName ?? input.companyName });
  }

  return (
    <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
      <Field label="Company name" name="companyName" isRequired value={input.companyName} onChange={set('companyName')} autoFocus />
      <Field label="Customer email" name="customerEmail" type="email" value={input.customerEmail} onChange={set('customerEmail')} />
      <Field label="Customer name" name="customerName" value={input.customerName} onChange={set('customerName')} />
      <Field label="Country" name="country" value={input.country} onChange={set('country')} />
      <Field label="Company number" name="companyNumber" value={input.companyNumber} onChange={set('companyNumber')} />
      <Check name="sendInvite" isSelected={input.sendInvite} onChange={(v) => {
          setInput((prev) => ({ ...prev, sendInvite: v }));
          edited('sendInvite');
          edited('customerEmail');
        }}>
        Email the customer an invitation
      </Check>
      {rest ? <ErrorNotice error={rest} /> : null}
      <DialogButtons submit="Create case" pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}
