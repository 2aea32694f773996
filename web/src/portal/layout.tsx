import { useCallback, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import type { RequestError } from '../lib/graphql';
import { asRequestError, trpc } from '../lib/trpc';
import { useRequest } from '../lib/use-request';
import { ErrorNotice, Loading } from '../ui/status';
import { PortalFrame } from './frame';
import { SessionEnded } from './session-ended';
import { adoptLinkToken, SessionContext, type PortalSession } from './session';
import '../styles/portal.css';


const loadSession = () => trpc.portal.session.query();

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
    return <SessionEnded brand={session?.tenant} />;
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
