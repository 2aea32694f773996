import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { RequestError } from '../lib/graphql';
import { trpc } from '../lib/trpc';
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
  const [last, setLast] = useState<PortalSession | null>(null);
  const [endedByPage, setEndedByPage] = useState(false);
  // Keep the last answer, so that a reload after a change does not blank the page meanwhile.
  if (request.status === 'done' && request.data !== last) setLast(request.data);
  const ended = useCallback((e: RequestError) => {
    if (e.unauthenticated) setEndedByPage(true);
  }, []);
  const session = request.status === 'done' ? request.data : last;
  const value = useMemo(() => (session ? { session, reload: request.reload, ended } : null), [session, request.reload, ended]);

  if (endedByPage || (request.status === 'error' && request.error.unauthenticated)) {
    return <PortalFrame brand={last?.tenant}><SessionEnded /></PortalFrame>;
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
