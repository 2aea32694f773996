import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { useAction } from '../lib/use-request';
import { Field } from '../ui/field';
import { Page } from '../ui/page';
import { ErrorNotice } from '../ui/status';
import { useFieldErrors } from './form-errors';
import { PasskeyButton } from './passkeys';
import { safeNext, signIn, ssoAvailable, ssoStartPath, verifySecondFactor } from './session';

/**
 * Sign in with email and password (the `signIn` mutation sets the HttpOnly session cookie), then on to
 * `next`. A wrong email or password, and too many attempts (with how long to wait), are said in words.
 * A member with a second factor gets MFA_REQUIRED: the second step asks for a code from their authenticator
 * app, a recovery code, or their passkey (within 5 minutes). When the email's domain signs in through its
 * organisation's identity provider, "Continue with SSO" goes there (/console/sso/start); a member who still owes a
 * second factor comes back here with `second_factor` (the methods) and a pending sign-in cookie.
 */
const FIELDS = ['email', 'password'];

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [methods, setMethods] = useState<string[] | null>(() => params.get('second_factor')?.split(',').filter(Boolean) ?? null);
  const action = useAction(signIn);
  const { fieldErrors, rest, edited } = useFieldErrors(action.error?.code === 'MFA_REQUIRED' ? undefined : action.error, FIELDS);

  // Whether the email signs in through SSO, asked once typing pauses (the answer is kept with the email it is for).
  const [ssoEmail, setSsoEmail] = useState<string | null>(null);
  const sso = ssoEmail !== null && ssoEmail === email.trim();
  useEffect(() => {
    const typed = email.trim();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(typed)) return;
    let live = true;
    const timer = setTimeout(() => {
      ssoAvailable(typed).then((yes) => { if (live) setSsoEmail(yes ? typed : null); }, () => { if (live) setSsoEmail(null); });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [email]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await action.run({ email, password });
    if (done !== undefined) navigate(next, { replace: true });
  }
  if (action.error?.code === 'MFA_REQUIRED' && methods === null) {
    setMethods(Array.isArray(action.error.extensions.methods) ? (action.error.extensions.methods as string[]) : ['totp']);
  }
  if (methods) return <SecondStep methods={methods} onDone={() => navigate(next, { replace: true })} onRestart={() => { setMethods(null); setPassword(''); }} />;

  return (
    <Page title="Sign in" area="Compliance console" lead={params.has('next') ? 'Sign in to continue.' : 'Sign in with your work email.'}>
      <Form className="form narrow" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="Email" name="email" type="email" autoComplete="username webauthn" isRequired value={email} onChange={(v) => { setEmail(v); edited('email'); }} autoFocus />
        <Field label="Password" name="password" type="password" autoComplete="current-password" isRequired value={password} onChange={(v) => { setPassword(v); edited('password'); }} />
        {rest ? <ErrorNotice error={rest} /> : null}
        <Button className="button button-primary" type="submit" isDisabled={action.pending}>Sign in</Button>
      </Form>
      {sso ? (
        <p className="after-form">
          <a className="button" href={ssoStartPath(email, next)}>Continue with SSO</a>
          {' '}Your organisation signs in through its identity provider.
        </p>
      ) : null}
      <PasskeyButton mode="passwordless" label="Sign in with a passkey" onDone={() => navigate(next, { replace: true })} />
      <p className="after-form"><Link href="/console/forgot-password">Forgot your password?</Link></p>
    </Page>
  );
}

/** The sign-in's second step: a code (authenticator app or recovery code), or the member's passkey. */
function SecondStep({ methods, onDone, onRestart }: { methods: string[]; onDone: () => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const verify = useAction(verifySecondFactor);
  const { fieldErrors, rest, edited } = useFieldErrors(verify.error, ['code']);
  const hasCodes = methods.includes('totp') || methods.includes('recovery_code');
  const expired = verify.error?.message.startsWith('Your sign-in has expired');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if ((await verify.run({ code })) !== undefined) onDone();
  }
  return (
    <Page title="Confirm it is you" area="Compliance console" lead="Your account has a second factor. This step lasts 5 minutes.">
      {methods.includes('webauthn') ? <PasskeyButton mode="second-factor" label="Use your passkey" onDone={onDone} /> : null}
      {hasCodes ? (
        <Form className="form narrow" onSubmit={submit} validationErrors={fieldErrors}>
          <Field
            label={methods.includes('totp') ? 'Code from your authenticator app' : 'Recovery code'}
            hint={methods.includes('recovery_code') ? 'No phone? Enter one of your recovery codes instead.' : undefined}
            name="code" autoComplete="one-time-code" inputMode={methods.includes('totp') ? 'numeric' : 'text'} isRequired autoFocus
            value={code} onChange={(v) => { setCode(v); edited('code'); }}
          />
          {rest ? <ErrorNotice error={rest} /> : null}
          <Button className="button button-primary" type="submit" isDisabled={verify.pending}>Continue</Button>
        </Form>
      ) : null}
      {expired ? <p className="after-form"><Button className="button" onPress={onRestart}>Sign in again</Button></p> : null}
    </Page>
  );
}
