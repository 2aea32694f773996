import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { RequestError } from '../lib/graphql';
import { asRequestError, trpc } from '../lib/trpc';
import { useRequest } from '../lib/use-request';
import { ErrorNotice, Loading } from '../ui/status';
import { applyBrand } from './brand';
import { SessionEnded } from './session-ended';
import { adoptLinkToken, SessionContext, type PortalSession } from './session';
import '../styles/portal.css';

const loadSession = () => trpc.portal.session.query();

/**
 * The portal's frame with the tenant's branding (name, logo, and the brand colour set as CSS custom
 * properties through the CSSOM), the skip link and the page. Without a session: the ended-session page.
 */
export function PortalFrame({ brand, children }: { brand?: PortalSession['tenant']; children: ReactNode }) {
  const shell = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (shell.current) applyBrand(shell.current, brand?.brandColor);
  }, [brand?.brandColor]);
  return (
    <div className="shell portal" ref={shell}>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="portal-header">
        {brand?.logoUrl ? <img className="portal-logo" src={brand.logoUrl} alt="" /> : null}
        <span className="portal-brand" data-testid="tenant-name">{brand?.name ?? 'Onboarding'}</span>
      </header>
      <main id="main" className="main portal-main">{children}</main>
    </div>
  );
}

/** The signed-in portal: portal.session, shared with the pages; an ended session anywhere shows the ended page. */
export function PortalLayout() {
  useState(adoptLinkToken);
  const request = useRequest(loadSession, 'portal.session');
  const [latest, setLatest] = useState<PortalSession | null>(null);
  const [endedByPage, setEndedByPage] = useState(false);
  const ended = useCallback((e: RequestError) => {
    if (e.unauthenticated) setEndedByPage(true);
  }, []);
  // After a change, pages await this before moving on, so the next page shows the steps as they now are;
  // the current answer stays on screen meanwhile (and if asking again fails for another reason).
  const reload = useCallback(async () => {
    try {
      setLatest(await loadSession());
    } catch (e) {
      ended(asRequestError(e));
    }
  }, [ended]);
  const session = latest ?? (request.status === 'done' ? request.data : null);
  const value = useMemo(() => (session ? { session, reload, ended } : null), [session, reload, ended]);

  if (endedByPage || (request.status === 'error' && request.error.unauthenticated)) {
    return <PortalFrame brand={session?.tenant}><SessionEnded /></PortalFrame>;
  }
  if (!value) {
    return (
      <PortalFrame>
        {request.status === 'error' ? <ErrorNotice error={request.error} onRetry={request.reload} /> : <Loading label="Opening your application…" />}
      </PortalFrame>
    );
  }
  return (
    <SessionContext.Provider value={value}>
      <PortalFrame brand={value.session.tenant}>
        <Outlet />
      </PortalFrame>
    </SessionContext.Provider>
  );
}
