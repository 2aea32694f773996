import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { useAction } from '../lib/use-request';
import { Field } from '../ui/field';
import { Page } from '../ui/page';
import { ErrorNotice } from '../ui/status';
import { safeNext, signIn } from './session';

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction(signIn);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await action.run({ email, password });
    if (done !== undefined) navigate(next, { replace: true });
  }

  return (
    <Page title="Sign in" area="Compliance console" lead={params.has('next') ? 'Sign in to continue.' : 'Sign in with your work email.'}>
      <Form className="form narrow" onSubmit={submit}>
        <Field label="Email" name="email" type="email" autoComplete="username" isRequired value={email} onChange={setEmail} autoFocus />
        <Field label="Password" name="password" type="password" autoComplete="current-password" isRequired value={password} onChange={setPassword} />
        {action.error ? <ErrorNotice error={action.error} /> : null}
        <Button className="button button-primary" type="submit" isPending={action.pending}>Sign in</Button>
      </Form>
    </Page>
  );
}
