// The step-up dialog: a sensitive change (credentials, roles, removing members, the compliance switches, Require
// MFA) answered STEP_UP_REQUIRED; the member confirms it is them here (a code or their passkey) and the change runs
// again. Registered once by the console layout as the GraphQL client's step-up handler.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { setStepUpHandler } from '../lib/graphql';
import { useAction } from '../lib/use-request';
import { Field } from '../ui/field';
import { ErrorNotice } from '../ui/status';
import { useFieldErrors } from './form-errors';
import { signInWithPasskey } from './passkeys';
import { verifySecondFactor } from './session';

export function StepUpDialog() {
  const [open, setOpen] = useState<string | null>(null);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const [code, setCode] = useState('');
  const verify = useAction(verifySecondFactor);
  const passkey = useAction(signInWithPasskey);
  const { fieldErrors, rest, edited } = useFieldErrors(verify.error, ['code']);

  useEffect(() => {
    setStepUpHandler((message) => new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setCode('');
      setOpen(message);
    }));
    return () => setStepUpHandler(null);
  }, []);

  const finish = (ok: boolean) => {
    settle.current?.(ok);
    settle.current = null;
    setOpen(null);
  };
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if ((await verify.run({ code })) !== undefined) finish(true);
  }
  return (
    <ModalOverlay className="modal-overlay" isOpen={open !== null} isDismissable onOpenChange={(o) => { if (!o) finish(false); }}>
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title">Confirm it is you</Heading>
          <p>{open}</p>
          <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
            <Field label="Code from your authenticator app, or a recovery code" name="code" autoComplete="one-time-code" isRequired autoFocus
              value={code} onChange={(v) => { setCode(v); edited('code'); }} />
            {rest ? <ErrorNotice error={rest} /> : null}
            {passkey.error ? <ErrorNotice error={passkey.error} /> : null}
            <div className="dialog-buttons">
              <Button className="button" onPress={() => finish(false)}>Cancel</Button>
              <Button className="button" isDisabled={passkey.pending} onPress={async () => { if (await passkey.run(undefined)) finish(true); }}>Use a passkey</Button>
              <Button className="button button-primary" type="submit" isDisabled={verify.pending}>Confirm</Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
