import { useState, type FormEvent } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { graphql } from '../gql';
import { execute } from '../lib/graphql';
import { useAction } from '../lib/use-request';
import { Field } from '../ui/field';
import { Page } from '../ui/page';
import { ErrorNotice } from '../ui/status';
import { useFieldErrors } from './form-errors';

const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

const ResetPasswordMutation = graphql(`
  mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password)
  }
`);

const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($token: String!, $password: String!) {
    acceptInvitation(token: $token, password: $password)
  }
`);

const AREA = 'Compliance console';
const EMAIL_FIELDS = ['email'];
const PASSWORD_FIELDS = ['password'];
const PASSWORD_RULE = 'At least 12 characters, and not a password exposed in a data breach.';

/** Asks for a reset link by email. The answer never tells whether the email belongs to a member. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const action = useAction((input: { email: string }) => execute(RequestPasswordResetMutation, input));
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, EMAIL_FIELDS);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await action.run({ email });
  }

  if (action.result) {
    return (
      <Page title="Check your email" area={AREA}>
        <p role="status">If {email} belongs to a member, we have sent it a link to choose a new password. The link works once, within an hour.</p>
        <p><Link href="/console/sign-in">Back to sign in</Link></p>
      </Page>
    );
  }
  return (
    <Page title="Reset your password" area={AREA} lead="We will email you a link to choose a new password.">
      <Form className="form narrow" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="Email" name="email" type="email" autoComplete="username" isRequired value={email} onChange={(v) => { setEmail(v); edited('email'); }} autoFocus />
        {rest ? <ErrorNotice error={rest} /> : null}
        <Button className="button button-primary" type="submit" isPending={action.pending}>Send reset link</Button>
      </Form>
      <p className="after-form"><Link href="/console/sign-in">Back to sign in</Link></p>
    </Page>
  );
}

/** The form behind an emailed link: a new password with the link's token (reset or invitation). */
function SetPasswordForm({ title, lead, button, done, run }: {
  title: string;
  lead: string;
  button: string;
  done: string;
  run: (input: { token: string; password: string }) => Promise<unknown>;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const action = useAction(run);
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, PASSWORD_FIELDS);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await action.run({ token, password });
  }

  if (!token) {
    return (
      <Page title={title} area={AREA}>
        <p>This link is incomplete. Open the link from your email again, or ask for a new one.</p>
        <p><Link href="/console/forgot-password">Ask for a new link</Link></p>
      </Page>
    );
  }
  if (action.result) {
    return (
      <Page title={title} area={AREA}>
        <p role="status">{done}</p>
        <p><Link href="/console/sign-in">Sign in</Link></p>
      </Page>
    );
  }
  return (
    <Page title={title} area={AREA} lead={lead}>
      <Form className="form narrow" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="New password" name="password" type="password" autoComplete="new-password" isRequired value={password} onChange={(v) => { setPassword(v); edited('password'); }} hint={PASSWORD_RULE} autoFocus />
        {rest ? <ErrorNotice error={rest} /> : null}
        {action.error?.details.some((d) => d.path === 'token') ? <p><Link href="/console/forgot-password">Ask for a new link</Link></p> : null}
        <Button className="button button-primary" type="submit" isPending={action.pending}>{button}</Button>
      </Form>
    </Page>
  );
}

/** /console/reset-password?token=… (the link of a reset email, once, within the hour). */
export function ResetPasswordPage() {
  return (
    <SetPasswordForm
      title="Choose a new password"
      lead="Choosing a new password signs you out everywhere and disconnects the AI assistants you connected (Connected apps): connect them again afterwards."
      button="Set new password"
      done="Your password is changed. Sign in with it now."
      run={(input) => execute(ResetPasswordMutation, input)}
    />
  );
}

/** /console/accept-invitation?token=… (the link of an invitation, once, within 7 days): the first password. */
export function AcceptInvitationPage() {
  return (
    <SetPasswordForm
      title="Accept your invitation"
      lead="Choose the password you will sign in with."
      button="Set password"
      done="Your password is set. You can sign in now."
      run={(input) => execute(AcceptInvitationMutation, input)}
    />
  );
}
