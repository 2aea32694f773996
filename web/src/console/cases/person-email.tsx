// Add or correct a person's email address from the case page (analyst and up; audited), so that Resend
// can send them their verification link.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ErrorNotice } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';

const SetPersonEmail = graphql(`
  mutation SetPersonEmail($caseId: ID!, $personKey: ID!, $email: String!) {
    setPersonEmail(caseId: $caseId, personKey: $personKey, email: $email) {
      personKey
      email
      canResend
    }
  }
`);

const FIELDS = ['email'];

export function PersonEmailButton({ caseId, personKey, name, email, onDone }: {
  caseId: string; personKey: string; name: string; email: string | null; onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(email ?? '');
  const action = useAction((address: string) => execute(SetPersonEmail, { caseId, personKey, email: address }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, FIELDS);
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = await action.run(value);
    if (!result) return;
    setOpen(false);
    const person = result.setPersonEmail.find((p) => p.personKey === personKey);
    onDone(person?.canResend ? `${name}'s email address is saved. Send the verification link with Resend link.` : `${name}'s email address is saved.`);
  };
  const title = email ? `Correct ${name}'s email address` : `Add ${name}'s email address`;
  return (
    <DialogButton label={email ? 'Correct email' : 'Add email'} title={title} isOpen={open} onOpenChange={(o) => { setOpen(o); if (o) setValue(email ?? ''); }}>
      <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
        <Field
          label="Email address" name="email" value={value} onChange={(v) => { setValue(v); edited('email'); }} isRequired autoFocus
          hint="Where their identity verification link goes. The change is kept in the organisation's audit log."
        />
        {rest ? <ErrorNotice error={rest} /> : null}
        <DialogButtons submit="Save email" pending={action.pending} onCancel={() => setOpen(false)} />
      </Form>
    </DialogButton>
  );
}
