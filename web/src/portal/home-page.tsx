import { Link } from 'react-aria-components';
import { Navigate } from 'react-router';
import { Page } from '../ui/page';
import { AREA, usePortalSession } from './session';
import { Stepper } from './stepper';
import { continueStep } from './steps';

/** The customer's start page: who and what for, the steps with their states, and where to carry on. */
export function PortalHomePage() {
  const { session } = usePortalSession();
  if (!session.editable) return <Navigate to="/portal/app/status" replace />;
  const next = continueStep(session);
  return (
    <Page title="Your application" area={AREA}
      lead={`${session.tenant.name} has asked you to complete your onboarding${session.case.companyName ? ` for ${session.case.companyName}` : ''}. Your answers are saved as you go.`}>
      <dl className="facts">
        <dt>Your reference</dt>
        <dd data-testid="case-id">{session.reference}</dd>
        <dt>Signed in as</dt>
        <dd>{session.customerEmail}</dd>
        <dt>Stage</dt>
        <dd>{session.stage.label}</dd>
      </dl>
      <Stepper />
      <div className="actions">
        <Link className="button button-primary" href={next.path}>{next.key === 'company' && session.steps[0]?.state === 'not_started' ? 'Start' : 'Continue'}: {next.label.toLowerCase()}</Link>
      </div>
    </Page>
  );
}
