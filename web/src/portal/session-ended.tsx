import { Page } from '../ui/page';
import { PortalFrame, useLinkBranding } from './frame';
import { NewLinkForm } from './new-link';
import { AREA, storedLinkToken, type PortalSession } from './session';

/**
 * What the portal shows once its session has ended, in the tenant's branding (the session's, else the kept
 * link's): the invitation link works once, so the way back is a new link by email ("Send me a new link").
 */
export function SessionEnded({ brand }: { brand?: PortalSession['tenant'] }) {
  const token = storedLinkToken();
  const branding = useLinkBranding(token, brand);
  return (
    <PortalFrame brand={branding}>
      <Page title="Your session has ended" area={AREA}>
        <p>For your security, the application closes after a while without activity. Nothing you saved is lost.</p>
        {token ? (
          <section aria-labelledby="new-link-title" className="card">
            <h2 id="new-link-title">Continue with a new link</h2>
            <p>Each invitation link works once, so we email you a new one{branding ? ` from ${branding.name}` : ''}. Enter the address your invitation was sent to.</p>
            <NewLinkForm token={token} />
          </section>
        ) : (
          <p>To continue, open the link in your invitation email. If it was already used, the page it opens lets you ask for a new one.</p>
        )}
      </Page>
    </PortalFrame>
  );
}
