import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { NETWORK_MESSAGE, RequestError } from '../lib/graphql';
import { trpc } from '../lib/trpc';
import { useAction, useRequest } from '../lib/use-request';
import { Page } from '../ui/page';
import { ErrorNotice, Loading } from '../ui/status';
import { PortalFrame } from './frame';

const AREA = 'Identity verification';

interface Check { key: string; label: string; result: 'passed' | 'failed' | 'not_done'; detail: string | null }
interface Result { outcome: 'pass' | 'fail' | 'manual_review'; checks: Check[] }

const OUTCOME_WORDS: Record<Result['outcome'], string> = {
  pass: 'Thank you: your identity is verified.',
  fail: 'We could not verify your identity from this document. The company will be in touch.',
  manual_review: 'Thank you: a person at the company will check your document and be in touch if they need anything.',
};
const RESULT_WORDS: Record<Check['result'], string> = { passed: 'Checked', failed: 'Did not match', not_done: 'Not checked' };

/** POST /portal/api/verify: the document (and selfie) with the link's token in its header; the answer or a RequestError. */
async function sendUpload(input: { token: string; document: File; selfie: File | null }): Promise<Result> {
  const form = new FormData();
  form.append('document', input.document, input.document.name);
  if (input.selfie) form.append('selfie', input.selfie, input.selfie.name);
  let res: Response;
  try {
    res = await fetch('/portal/api/verify', { method: 'POST', body: form, headers: { 'X-Verification-Token': input.token }, credentials: 'same-origin' });
  } catch {
    throw new RequestError(NETWORK_MESSAGE, 'NETWORK');
  }
  const body = (await res.json().catch(() => null)) as (Result & { error?: string; message?: string; details?: { path: string; message: string }[] }) | null;
  if (!res.ok || !body) throw new RequestError(body?.message ?? NETWORK_MESSAGE, body?.error ?? 'BAD_RESPONSE', body?.error, body?.details ?? []);
  return body;
}

// The buttons are disabled while sending rather than `isPending`: the form goes away with the answer, and a
// pending button's progress indicator would be left labelled by a button that no longer exists.

/**
 * {APP_URL}/portal/verify?token=…: the hosted identity-verification page a director, UBO or signatory opens from
 * their email. With the local verifier they upload their passport or ID card (and a selfie when the company asks)
 * and see the outcome and what was and was not checked; with a vendor, a button takes them to the vendor's page.
 */
export function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const page = useRequest(() => trpc.verification.get.query({ token }), `verify:${token}`);
  const upload = useAction(sendUpload);
  const start = useAction((t: string) => trpc.verification.start.mutate({ token: t }));
  const [document, setDocument] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (document) await upload.run({ token, document, selfie });
  }
  async function goToVendor() {
    const answer = await start.run(token);
    if (answer) window.location.assign(answer.redirectUrl);
  }

  const brand = page.status === 'done' ? page.data.tenant : undefined;
  const result = upload.result;
  return (
    <PortalFrame brand={brand}>
      <Page title="Verify your identity" area={AREA}>
        {!token ? <p>Open the link in your verification email.</p> : null}
        {token && page.status === 'loading' ? <Loading /> : null}
        {token && page.status === 'error' ? <ErrorNotice error={page.error} /> : null}
        {page.status === 'done' && !result ? (
          <>
            <p>
              Hello {page.data.personName}. {page.data.tenant.name} needs to verify your identity
              {page.data.companyName ? ` for ${page.data.companyName}` : ''}.
            </p>
            {page.data.flow === 'hosted_flow' ? (
              <>
                <p>Our verification partner will guide you through it on their page.</p>
                {start.error ? <ErrorNotice error={start.error} /> : null}
                <div className="actions"><Button className="button button-primary" onPress={() => void goToVendor()} isDisabled={start.pending}>Start verification</Button></div>
              </>
            ) : (
              <form className="form narrow" onSubmit={(e) => void submit(e)}>
                <div className="field">
                  <label htmlFor="idv-document">Your passport or national ID card</label>
                  <input id="idv-document" name="document" type="file" required accept="application/pdf,image/jpeg,image/png,image/heic,.pdf,.jpg,.jpeg,.png,.heic"
                    aria-describedby="idv-document-hint" onChange={(e) => setDocument(e.target.files?.[0] ?? null)} />
                  <p className="field-hint" id="idv-document-hint">A photo or scan of the page with your photo, or a PDF; up to 20 MiB.</p>
                </div>
                {page.data.selfieRequired ? (
                  <div className="field">
                    <label htmlFor="idv-selfie">A photo of your face (selfie)</label>
                    <input id="idv-selfie" name="selfie" type="file" required accept="image/jpeg,image/png,image/heic,.jpg,.jpeg,.png,.heic"
                      onChange={(e) => setSelfie(e.target.files?.[0] ?? null)} />
                  </div>
                ) : null}
                <div role="alert" className="alert-region">{upload.error ? <ErrorNotice error={upload.error} /> : null}</div>
                <div className="actions"><Button type="submit" className="button button-primary" isDisabled={upload.pending}>{upload.pending ? 'Checking your document…' : 'Send for verification'}</Button></div>
              </form>
            )}
          </>
        ) : null}
        {result ? (
          <div role="status" aria-live="polite">
            <p className={`notice ${result.outcome === 'pass' ? 'notice-ok' : 'notice-error'}`} data-testid="idv-outcome" data-outcome={result.outcome}>{OUTCOME_WORDS[result.outcome]}</p>
            <h2>What was checked</h2>
            <ul className="checks">
              {result.checks.map((c) => (
                <li key={c.key}><strong>{c.label}</strong>: {RESULT_WORDS[c.result]}{c.detail ? `. ${c.detail}` : ''}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Page>
    </PortalFrame>
  );
}
