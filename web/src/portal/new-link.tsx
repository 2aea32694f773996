import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { trpc } from '../lib/trpc';
import { useAction } from '../lib/use-request';
import { Field } from '../ui/field';
import { Page } from '../ui/page';
import { ErrorNotice } from '../ui/status';
import { AREA } from './session';
import { PortalFrame, useLinkBranding } from './frame';

const requestNewLink = (input: { token: string; email: string }) => trpc.portal.requestNewLink.mutate(input);

/**
 * Asks for a fresh invitation link (portal.requestNewLink) with the old link's token and the email the
 * customer types. The answer is the same sentence whether or not a link was sent.
 */
export function NewLinkForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const action = useAction(requestNewLink);
  const emailError = action.error?.details.find((d) => d.path === 'email' || d.path === '/email');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await action.run({ token, email: email.trim() });
  }

  return (
    <Form className="form narrow" onSubmit={submit} validationErrors={emailError ? { email: `Email ${emailError.message}` } : undefined}>
      <Field label="Your email address" name="email" type="email" autoComplete="email" isRequired value={email} onChange={setEmail} />
      {action.error && !emailError ? <ErrorNotice error={action.error} /> : null}
      <div role="status" aria-live="polite">
        {action.result ? <p className="notice notice-ok" data-testid="new-link-answer">{action.result.message}</p> : null}
      </div>
      <div className="actions">
        <Button className="button button-primary" type="submit" isPending={action.pending}>Send me a new link</Button>
      </div>
    </Form>
  );
}

/** /portal/app/new-link?token=…: where the expired and used link pages send the customer, in the tenant's branding. */
export function NewLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const brand = useLinkBranding(token || null);
  return (
    <PortalFrame brand={brand}>
    <Page title="Get a new link" area={AREA}>
      {token ? (
        <>
          <p>Enter the email address your invitation was sent to. If it matches, we will email you a new personal link.</p>
          <NewLinkForm token={token} />
        </>
      ) : (
        <p>Open the link in your invitation email: if it has expired or was already used, the page it opens lets you ask for a new one.</p>
      )}
    </Page>
    </PortalFrame>
  );
}
