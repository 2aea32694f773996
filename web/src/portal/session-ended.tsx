import { Page } from '../ui/page';
import { NewLinkForm } from './new-link';
import { AREA, storedLinkToken } from './session';

/** What the portal shows once its session has ended: what to do next, and a new link when the old one is known. */
export function SessionEnded() {
  const token = storedLinkToken();
  return (
    <Page title="Your session has ended" area={AREA}>
      <p>For your security, the application closes after a while without activity.</p>
      <p>To continue, open the link in your invitation email again. Nothing you saved is lost.</p>
      {token ? (
        <section aria-labelledby="new-link-title" className="card">
          <h2 id="new-link-title">Already used your link?</h2>
          <p>Each link works once. We can email you a new one.</p>
          <NewLinkForm token={token} />
        </section>
      ) : null}
    </Page>
  );
}
