import { trpc } from '../lib/trpc';
import { useRequest } from '../lib/use-request';
import { Page } from '../ui/page';
import { ErrorNotice, Loading } from '../ui/status';

const AREA = 'Your onboarding';
const load = () => trpc.portal.whoami.query();

/** The customer's start page: the case their session is bound to, or a friendly end-of-session state. */
export function PortalHomePage() {
  const me = useRequest(load, 'whoami');
  if (me.status === 'loading') return <Loading />;
  if (me.status === 'error') return me.error.unauthenticated ? <SessionEnded /> : <ErrorNotice error={me.error} onRetry={me.reload} />;
  return (
    <Page title="Your application" area={AREA}>
      <dl className="facts">
        <dt>Case reference</dt>
        <dd data-testid="case-id">{me.data.caseId}</dd>
        <dt>Signed in as</dt>
        <dd>{me.data.email}</dd>
      </dl>
    </Page>
  );
}

export function SessionEnded() {
  return (
    <Page title="Your session has ended" area={AREA}>
      <p>For your security, the application closes after a while without activity.</p>
      <p>To continue, open the link in your invitation email again. Nothing you saved is lost.</p>
    </Page>
  );
}
