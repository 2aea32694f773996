// Your profile › Security: the member's own second factors. Set up an authenticator app from its QR code, add a
// passkey, see how many recovery codes are left and make new ones, remove a factor. When the organisation requires
// MFA and the member has none yet, this is the only page they can use (the server holds every other request).
// Below them, the member's console sessions with device and address (my-sessions.tsx).
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { graphql } from '../gql';
import { execute } from '../lib/graphql';
import { useAction, useRequest } from '../lib/use-request';
import { Field } from '../ui/field';
import { Page } from '../ui/page';
import { ErrorNotice, Loading } from '../ui/status';
import { ConfirmButton } from '../ui/dialog';
import { Success, When } from './config/ui';
import { QrCode } from '../ui/qr-code';
import { useFieldErrors } from './form-errors';
import { addPasskey } from './passkeys';
import { useSignInOnUnauthenticated } from './require-member';
import { loadConsoleSession, useViewer } from './session';
import { MySessionsSection } from './my-sessions';

const MySecondFactors = graphql(`
  query MySecondFactors {
    mySecondFactors { id kind name createdAt lastUsedAt }
    myRecoveryCodesLeft
  }
`);

const StartTotp = graphql(`
  mutation StartTotpEnrolment {
    startTotpEnrolment { secret otpauthUrl qrSvg }
  }
`);

const ConfirmTotp = graphql(`
  mutation ConfirmTotpEnrolment($code: String!) {
    confirmTotpEnrolment(code: $code)
  }
`);

const Regenerate = graphql(`
  mutation RegenerateRecoveryCodes {
    regenerateRecoveryCodes
  }
`);

const Remove = graphql(`
  mutation RemoveSecondFactor($id: ID!) {
    removeSecondFactor(id: $id)
  }
`);

const KIND_LABELS: Record<string, string> = { totp: 'Authenticator app', webauthn: 'Passkey' };

/** Recovery codes shown this once, with what to do with them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="secret-once" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">Your recovery codes</h2>
      <p className="warning" role="note"><strong>Save these codes now: they will not be shown again.</strong> Each one signs you in once if you lose your phone or passkey.</p>
      <ul className="recovery-codes" data-testid="recovery-codes">{codes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
      <Button className="button button-primary" onPress={onDone}>I have saved them</Button>
    </section>
  );
}

export function SecurityPage() {
  const viewer = useViewer();
  const onError = useSignInOnUnauthenticated();
  const factors = useRequest(() => execute(MySecondFactors), 'second-factors', onError);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [passkeyName, setPasskeyName] = useState('');
  const start = useAction(() => execute(StartTotp), onError);
  const confirm = useAction((c: string) => execute(ConfirmTotp, { code: c }), onError);
  const passkey = useAction(addPasskey, onError);
  const regenerate = useAction(() => execute(Regenerate), onError);
  const remove = useAction((id: string) => execute(Remove, { id }), onError);
  const confirmErrors = useFieldErrors(confirm.error, ['code']);
  const passkeyErrors = useFieldErrors(passkey.error, ['name']);

  const changed = async (words: string, newCodes?: string[]) => {
    setMessage(words);
    if (newCodes?.length) setCodes(newCodes);
    await loadConsoleSession().catch(() => undefined);
    factors.reload();
  };
  async function confirmApp(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await confirm.run(code);
    if (done) {
      setEnrolment(null);
      setCode('');
      await changed('Your authenticator app is set up.', done.confirmTotpEnrolment);
    }
  }
  async function submitPasskey(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await passkey.run(passkeyName.trim());
    if (done) {
      setPasskeyName('');
      await changed('Your passkey is added.', done);
    }
  }

  const list = factors.status === 'done' ? factors.data.mySecondFactors : [];
  const hasApp = list.some((f) => f.kind === 'totp');
  return (
    <Page title="Security" area="Your profile" lead="How you confirm it is you when you sign in: an authenticator app, a passkey, and recovery codes.">
      {viewer?.mfaEnrolmentRequired ? (
        <p className="notice" role="note"><strong>{viewer.org.name} requires a second factor.</strong> Set up an authenticator app or a passkey to go on using the console.</p>
      ) : null}
      {message ? <Success><p>{message}</p></Success> : null}
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {factors.status === 'loading' ? <Loading /> : null}
      {factors.status === 'error' ? <ErrorNotice error={factors.error} onRetry={factors.reload} /> : null}
      {factors.status === 'done' ? (
        <section className="panel" aria-labelledby="factors-title">
          <h2 id="factors-title">Your second factors</h2>
          {list.length ? (
            <ul className="plain-list">
              {list.map((f) => (
                <li key={f.id} className="factor-row">
                  <span><strong>{f.name}</strong> ({KIND_LABELS[f.kind] ?? f.kind}) · added <When at={f.createdAt} /> · last used <When at={f.lastUsedAt} /></span>
                  <ConfirmButton
                    label={`Remove ${f.name}`} title={`Remove ${f.name}?`} confirmLabel="Remove" pending={remove.pending} error={remove.error}
                    onConfirm={async () => { const ok = !!(await remove.run(f.id)); if (ok) await changed(`${f.name} is removed.`); return ok; }}
                  >
                    <p>You will no longer be able to use it to sign in.</p>
                  </ConfirmButton>
                </li>
              ))}
            </ul>
          ) : <p>None yet. Your password alone signs you in.</p>}
          {list.length ? (
            <>
              <p>Recovery codes left: <strong>{factors.data.myRecoveryCodesLeft}</strong> of 10.</p>
              <Button className="button" isDisabled={regenerate.pending} onPress={async () => {
                const done = await regenerate.run(undefined);
                if (done) await changed('You have new recovery codes; the old ones no longer work.', done.regenerateRecoveryCodes);
              }}>Make new recovery codes</Button>
              {regenerate.error ? <ErrorNotice error={regenerate.error} /> : null}
            </>
          ) : null}
        </section>
      ) : null}
      {factors.status === 'done' && !hasApp ? (
        <section className="panel" aria-labelledby="app-title">
          <h2 id="app-title">Authenticator app</h2>
          {enrolment ? (
            <>
              <p>Scan this code with your authenticator app, or type the key into it. Then enter the 6-digit code it shows.</p>
              <QrCode svg={enrolment.qrSvg} label="QR code for your authenticator app" />
              <p>Key: <code className="secret-value" data-testid="totp-secret">{enrolment.secret}</code></p>
              <Form className="form narrow" onSubmit={confirmApp} validationErrors={confirmErrors.fieldErrors}>
                <Field label="Code from the app" name="code" autoComplete="one-time-code" inputMode="numeric" isRequired value={code}
                  onChange={(v) => { setCode(v); confirmErrors.edited('code'); }} />
                {confirmErrors.rest ? <ErrorNotice error={confirmErrors.rest} /> : null}
                <Button className="button button-primary" type="submit" isDisabled={confirm.pending}>Confirm</Button>
              </Form>
            </>
          ) : (
            <>
              <p>Use an app such as Google Authenticator, Microsoft Authenticator or 1Password to make a new code every 30 seconds.</p>
              <Button className="button button-primary" isDisabled={start.pending} onPress={async () => {
                const done = await start.run(undefined);
                if (done) setEnrolment(done.startTotpEnrolment);
              }}>Set up an authenticator app</Button>
              {start.error ? <ErrorNotice error={start.error} /> : null}
            </>
          )}
        </section>
      ) : null}
      {factors.status === 'done' ? (
        <section className="panel" aria-labelledby="passkey-title">
          <h2 id="passkey-title">Passkeys</h2>
          <p>A passkey on this device or a security key confirms it is you without a code, and signs you in without a password.</p>
          <Form className="form narrow" onSubmit={submitPasskey} validationErrors={passkeyErrors.fieldErrors}>
            <Field label="Name of the passkey" hint="For example: Work laptop" name="name" isRequired value={passkeyName}
              onChange={(v) => { setPasskeyName(v); passkeyErrors.edited('name'); }} />
            {passkeyErrors.rest ? <ErrorNotice error={passkeyErrors.rest} /> : null}
            <Button className="button" type="submit" isDisabled={passkey.pending}>Add a passkey</Button>
          </Form>
        </section>
      ) : null}
      <MySessionsSection />
    </Page>
  );
}
