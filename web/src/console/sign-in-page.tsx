import { useState, type FormEvent } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { useAction } from '../lib/use-request';
import { Field } from '../ui/field';
import { Page } from '../ui/page';
import { ErrorNotice } from '../ui/status';
import { useFieldErrors } from './form-errors';
import { safeNext, signIn } from './session';

/**
 * Sign in with email and password (the `signIn` mutation sets the HttpOnly session cookie), then on to
 * `next`. A wrong email or password, and too many attempts (with how long to wait), are said in words.
 */
const FIELDS = ['email', 'password'];

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction(signIn);
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, FIELDS);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await action.run({ email, password });
    if (done !== undefined) navigate(next, { replace: true });
  }

  return (
    <Page title="Sign in" area="Compliance console" lead={params.has('next') ? 'Sign in to continue.' : 'Sign in with your work email.'}>
      <Form className="form narrow" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="Email" name="email" type="email" autoComplete="username" isRequired value={email} onChange={(v) => { setEmail(v); edited('email'); }} autoFocus />
        <Field label="Password" name="password" type="password" autoComplete="current-password" isRequired value={password} onChange={(v) => { setPassword(v); edited('password'); }} />
        {rest ? <ErrorNotice error={rest} /> : null}
        <Button className="button button-primary" type="submit" isPending={action.pending}>Sign in</Button>
      </Form>
      <p className="after-form"><Link href="/console/forgot-password">Forgot your password?</Link></p>
    </Page>
  );
}
