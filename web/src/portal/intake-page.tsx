import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import { trpc } from '../lib/trpc';
import { useAction, useRequest } from '../lib/use-request';
import { Page } from '../ui/page';
import { ErrorNotice, Loading } from '../ui/status';
import { BusyButton, sentence, TextInput } from './fields';
import { PortalFrame } from './frame';
import { AREA } from './session';

type Start = 'application_form' | 'doc_upload';

const startIntake = (input: { slug: string; email: string }) => trpc.intake.start.mutate(input);
const verifyIntake = (input: { slug: string; email: string; code: string; start: Start }) => trpc.intake.verify.mutate(input);

/**
 * The public intake page, /portal/app/apply/<slug> (where `{APP_URL}/apply/<slug>` leads): the tenant's
 * branding (intake.tenant), the customer's email (intake.start emails a 6-digit code), then the code and how
 * to start (intake.verify opens or resumes the case and the portal session), then the stepper.
 */
export function IntakePage() {
  const { slug = '' } = useParams();
  const tenant = useRequest(() => trpc.intake.tenant.query({ slug }), `intake.tenant:${slug}`);
  return (
    <PortalFrame brand={tenant.status === 'done' ? tenant.data : undefined}>
      {tenant.status === 'loading' ? <Loading /> : null}
      {tenant.status === 'error' ? (
        tenant.error.code === 'NOT_FOUND'
          ? <Page title="This link is not active" area={AREA}><p>{tenant.error.message}</p></Page>
          : <ErrorNotice error={tenant.error} onRetry={tenant.reload} />
      ) : null}
      {tenant.status === 'done' ? <IntakeSteps slug={slug} tenantName={tenant.data.name} /> : null}
    </PortalFrame>
  );
}

function IntakeSteps({ slug, tenantName }: { slug: string; tenantName: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [start, setStart] = useState<Start | null>(null);
  const [startError, setStartError] = useState<string | undefined>();
  const send = useAction(startIntake);
  const verify = useAction(verifyIntake);

  async function sendCode(e?: FormEvent<HTMLFormElement>) {
    e?.preventDefault();
    if (send.pending) return;
    const address = (sentTo ?? email).trim();
    const done = await send.run({ slug, email: address });
    if (done) {
      setSentTo(address);
      setCode('');
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="code"]')?.focus());
    }
  }

  async function check(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (verify.pending || !sentTo) return;
    if (!start) {
      setStartError('Choose how you would like to start.');
      return;
    }
    const done = await verify.run({ slug, email: sentTo, code: code.trim(), start });
    if (!done) return;
    if (done.resumed) navigate('/portal/app', { state: { flash: 'Welcome back: here is your application.' } });
    else navigate(start === 'doc_upload' ? '/portal/app/documents' : '/portal/app/company', { state: { flash: 'Your email is confirmed.' } });
  }

  if (!sentTo) {
    const emailError = send.error?.details.find((d) => d.path === 'email');
    return (
      <Page title={`Apply to ${tenantName}`} area={AREA} lead="Start with your email address: we will send you a code to confirm it.">
        <Form className="form narrow" onSubmit={sendCode}>
          <TextInput name="email" label="Your email address" type="email" autoComplete="email" isRequired value={email} onChange={setEmail}
            error={emailError ? sentence(emailError.message) : undefined} />
          {send.error && !emailError ? <ErrorNotice error={send.error} /> : null}
          <div className="actions">
            <BusyButton type="submit" busy={send.pending} busyLabel="Sending…">Send me a code</BusyButton>
          </div>
        </Form>
      </Page>
    );
  }

  const codeError = verify.error?.details.find((d) => d.path === 'code');
  return (
    <Page title="Check your email" area={AREA} lead={`We sent a 6-digit code to ${sentTo}. It works for 10 minutes.`}>
      <div role="status" aria-live="polite">{send.result ? <p className="notice notice-ok">{send.result.message}</p> : null}</div>
      <Form className="form narrow" onSubmit={check} validationBehavior="aria">
        <TextInput name="code" label="Code from the email" isRequired value={code} onChange={setCode} autoComplete="one-time-code"
          error={codeError ? sentence(verify.error?.message ?? codeError.message) : undefined} />
        <div id="field-start">
          <RadioGroup className="radio-group" value={start} onChange={(v) => { setStart(v as Start); setStartError(undefined); }}
            isRequired isInvalid={startError ? true : undefined}>
            <Label>How would you like to start?<span className="required" aria-hidden="true"> *</span></Label>
            <Radio className="radio" value="application_form"><span className="radio-dot" aria-hidden="true" />Fill in the application form</Radio>
            <Radio className="radio" value="doc_upload"><span className="radio-dot" aria-hidden="true" />Upload documents first</Radio>
            <FieldError className="field-error">{startError}</FieldError>
          </RadioGroup>
        </div>
        {verify.error && !codeError ? <ErrorNotice error={verify.error} /> : null}
        <div className="actions">
          <BusyButton type="submit" busy={verify.pending} busyLabel="Checking…">Continue</BusyButton>
          <Button className="button" onPress={() => void sendCode()}>Send a new code</Button>
          <Button className="button button-quiet" onPress={() => { setSentTo(null); setCode(''); }}>Use another email</Button>
        </div>
      </Form>
    </Page>
  );
}
