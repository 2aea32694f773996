// Passkeys in the console: adding one (Security page), and using one to sign in, to complete a sign-in that
// asked for a second factor, or to confirm it is the member before a sensitive change. The browser side is
// @simplewebauthn/browser; the options and the checks are the server's (webauthn* mutations).
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { Button } from 'react-aria-components';
import { graphql } from '../gql';
import { execute, RequestError } from '../lib/graphql';
import { useAction } from '../lib/use-request';
import { ErrorNotice } from '../ui/status';
import { replaceViewer, type Viewer } from './session';

const SignInOptions = graphql(`
  mutation WebauthnSignInOptions {
    webauthnSignInOptions
  }
`);

const VerifySignIn = graphql(`
  mutation VerifyWebauthnSignIn($response: String!) {
    verifyWebauthnSignIn(response: $response) {
      ...ViewerFields
    }
  }
`);

const RegistrationOptions = graphql(`
  mutation WebauthnRegistrationOptions {
    webauthnRegistrationOptions
  }
`);

const VerifyRegistration = graphql(`
  mutation VerifyWebauthnRegistration($response: String!, $name: String!) {
    verifyWebauthnRegistration(response: $response, name: $name) {
      factor { id kind name createdAt lastUsedAt }
      recoveryCodes
    }
  }
`);

/** The browser refused or the member cancelled: said in words, never the browser's own message. */
function browserRefusal(e: unknown): RequestError {
  if (e instanceof RequestError) return e;
  const name = (e as { name?: string }).name;
  if (name === 'NotAllowedError' || name === 'AbortError') return new RequestError('The passkey was not used (cancelled or timed out). Try again.', 'CANCELLED');
  return new RequestError('This browser could not use a passkey here. Use a code instead.', 'UNSUPPORTED');
}

/** Uses a passkey: the server's options, the browser's prompt, the server's check. Resolves with the member. */
export async function signInWithPasskey(): Promise<Viewer> {
  const { webauthnSignInOptions } = await execute(SignInOptions);
  let response;
  try {
    response = await startAuthentication({ optionsJSON: JSON.parse(webauthnSignInOptions) });
  } catch (e) {
    throw browserRefusal(e);
  }
  const { verifyWebauthnSignIn: viewer } = await execute(VerifySignIn, { response: JSON.stringify(response) });
  replaceViewer(viewer);
  return viewer;
}

/** Adds a passkey named `name`: resolves with the recovery codes when it is the member's first second factor. */
export async function addPasskey(name: string): Promise<string[]> {
  const { webauthnRegistrationOptions } = await execute(RegistrationOptions);
  let response;
  try {
    response = await startRegistration({ optionsJSON: JSON.parse(webauthnRegistrationOptions) });
  } catch (e) {
    throw browserRefusal(e);
  }
  const { verifyWebauthnRegistration } = await execute(VerifyRegistration, { response: JSON.stringify(response), name });
  return verifyWebauthnRegistration.recoveryCodes;
}

/** A button that uses a passkey (sign-in without a password, or the sign-in's second step), then `onDone`. */
export function PasskeyButton({ label, onDone }: { mode: 'passwordless' | 'second-factor'; label: string; onDone: () => void }) {
  const action = useAction(signInWithPasskey);
  return (
    <div className="passkey-action">
      <Button className="button" isDisabled={action.pending} onPress={async () => { if (await action.run(undefined)) onDone(); }}>{label}</Button>
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </div>
  );
}
