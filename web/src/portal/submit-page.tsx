import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { DialogButton } from '../ui/dialog';
import { BusyButton } from './fields';
import { useNavigate } from 'react-router';
import { trpc } from '../lib/trpc';
import { useAction, useRequest } from '../lib/use-request';
import { ErrorNotice, Loading } from '../ui/status';
import { locate } from './labels';
import { usePortalSession } from './session';
import { ProblemList, StepPage } from './stepper';
import { STATE_WORDS, STEPS, stateOf } from './steps';

const submitApplication = () => trpc.application.submit.mutate();
const loadReview = () => trpc.review.get.query();

/**
 * Step 5: submit (application.submit). A refusal lists what is missing, each item a link to its field
 * on its page; a case that came in through document upload is submitted by confirming its review instead.
 */
export function SubmitPage() {
  const { session, reload, ended } = usePortalSession();
  const navigate = useNavigate();
  const review = useRequest(loadReview, 'review.get', ended);
  const submit = useAction(submitApplication, ended);

  const [asking, setAsking] = useState(false);

  async function go() {
    const done = await submit.run(undefined);
    setAsking(false);
    if (done) {
      await reload();
      navigate('/portal/app/status', { state: { flash: 'Thank you: your application is submitted.' } });
    }
  }

  const missing = submit.error?.code === 'BAD_REQUEST' ? submit.error.details.map((d) => ({ key: d.path + d.message, ...locate(d.path, d.message) })) : [];
  return (
    <StepPage step="submit" title="Submit your application" lead={`Once submitted, ${session.tenant.name} reviews your application. You cannot change it afterwards.`}>
      <h2>Your progress</h2>
      <ul className="summary">
        {STEPS.filter((s) => s.key !== 'submit').map((s) => (
          <li key={s.key}><Link href={s.path}>{s.label}</Link>: {STATE_WORDS[stateOf(session, s.key)]}</li>
        ))}
      </ul>
      {review.status === 'loading' ? <Loading /> : null}
      {review.status === 'error' ? <ErrorNotice error={review.error} onRetry={review.reload} /> : null}
      {review.status === 'done' && review.data.submitsCase ? (
        <div className="card">
          <p>Your application is submitted when you confirm the review of your documents.</p>
          <Link className="button button-primary" href="/portal/app/review">Go to the review</Link>
        </div>
      ) : null}
      {review.status === 'done' && !review.data.submitsCase ? (
        <>
          {submit.error ? (
            missing.length
              ? <ProblemList title="Some things are still missing" message={submit.error.message} problems={missing.map((m) => ({ key: m.key, label: m.label, href: m.href }))} />
              : <ErrorNotice error={submit.error} />
          ) : null}
          {!session.reviewConfirmed ? (
            <div className="card" data-testid="review-needed">
              <p>Before you submit, check and confirm your details on the review step.</p>
              <Link className="button" href="/portal/app/review">Go to the review</Link>
            </div>
          ) : null}
          <div className="actions">
            <DialogButton label="Submit application" className="button button-primary" title="Submit your application?" role="alertdialog"
              isOpen={asking} onOpenChange={setAsking}>
              {(close) => (
                <>
                  <p>Once you submit, you cannot change:</p>
                  <ul data-testid="cannot-change">
                    <li>the company details</li>
                    <li>the directors and owners</li>
                    <li>the documents you uploaded</li>
                    <li>the details you confirmed on the review step</li>
                  </ul>
                  <p>{session.tenant.name} then reviews your application and emails you if anything else is needed.</p>
                  <div className="actions">
                    <Button className="button" onPress={close}>Go back</Button>
                    <BusyButton busy={submit.pending} busyLabel="Submitting…" onPress={() => void go()}>Yes, submit</BusyButton>
                  </div>
                </>
              )}
            </DialogButton>
          </div>
        </>
      ) : null}
    </StepPage>
  );
}
