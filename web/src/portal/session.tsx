// The portal session (portal.session): tenant branding, the case, its stage and the state of each step,
// shared by every page of the stepper. Pages call `reload()` after a change (the step states move on),
// and hand `ended` to their own requests so an ended session shows the ended-session page everywhere.
import { createContext, useContext } from 'react';
import type { RequestError } from '../lib/graphql';
import { trpc } from '../lib/trpc';

export type PortalSession = Awaited<ReturnType<typeof trpc.portal.session.query>>;
export type StepState = PortalSession['steps'][number]['state'];

export interface PortalSessionContext {
  session: PortalSession;
  /** Asks portal.session again (keeps showing the current one meanwhile); resolves once the answer is in. */
  reload: () => Promise<void>;
  /** For a page's failed request: an ended session (UNAUTHORIZED) switches the portal to the ended-session page. */
  ended: (e: RequestError) => void;
}

export const SessionContext = createContext<PortalSessionContext | null>(null);

export function usePortalSession(): PortalSessionContext {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('usePortalSession outside the portal layout');
  return ctx;
}

export const AREA = 'Your onboarding';

// The invite link's token, kept after "Start" (the landing page hands it over in the address's fragment,
// which is never sent to a server) so that an ended session can ask for a fresh link. The link itself is
// already used: alone it opens nothing, and a new link only ever goes to the address the case was sent to.
const LINK_KEY = 'portal.linkToken';

/** Keeps a `#link=<token>` handed over by the landing page, and removes it from the address bar. */
export function adoptLinkToken(): void {
  const m = /^#link=([A-Za-z0-9_-]{16,200})$/.exec(window.location.hash);
  if (!m) return;
  try {
    window.localStorage.setItem(LINK_KEY, m[1]!);
  } catch {
    // storage refused (private mode): the ended-session page then points to the email instead
  }
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

export function storedLinkToken(): string | null {
  try {
    return window.localStorage.getItem(LINK_KEY);
  } catch {
    return null;
  }
}
