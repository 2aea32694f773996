import { Link } from 'react-aria-components';
import { Page } from '../ui/page';
import { AREA, usePortalSession } from './session';
import { useFlash } from './stepper';
import { continueStep } from './steps';

/** What happens next, per stage, in the customer's words. */
const NEXT: Record<string, string> = {
  application_submitted: 'We have your application. Our team is reviewing it, and we will email you if we need anything else.',
  in_screening: 'Our team is carrying out its checks. We will email you if we need anything else.',
  awaiting_id_verification: 'We need to verify an identity. Look out for an email from us with the next step.',
  decision_made: 'A decision has been made on your application. We will be, or have been, in touch by email.',
};

/** Where the application stands (portal.session's stage, in the customer's words). */
export function StatusPage() {
  const { session } = usePortalSession();
  const flash = useFlash();
  const next = continueStep(session);
  return (
    <Page title="Your application's status" area={AREA}>
      <div role="status" aria-live="polite">{flash ? <p className="notice notice-ok">{flash}</p> : null}</div>
      <p className="stage" data-testid="stage">{session.stage.label}</p>
      <dl className="facts">
        <dt>Company</dt>
        <dd>{session.case.companyName ?? 'Not given yet'}</dd>
        <dt>Your reference</dt>
        <dd data-testid="case-id">{session.reference}</dd>
        <dt>Your email</dt>
        <dd>{session.customerEmail}</dd>
      </dl>
      {session.editable ? (
        <p>Your application is not submitted yet. <Link href={next.path}>Continue with {next.label.toLowerCase()}</Link></p>
      ) : (
        <p>{NEXT[session.stage.value] ?? NEXT.application_submitted}</p>
      )}
    </Page>
  );
}
