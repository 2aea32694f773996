import { useCallback } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { RequestError } from '../lib/graphql';
import { useRequest } from '../lib/use-request';
import { ErrorNotice, Loading } from '../ui/status';
import { forgetViewer, loadConsoleSession, signInPath } from './session';

/** A callback for failed console requests: UNAUTHENTICATED goes to the sign-in page, then back here. */
export function useSignInOnUnauthenticated(): (e: RequestError) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (e: RequestError) => {
      if (e.unauthenticated) forgetViewer();
      if (e.unauthenticated) navigate(signInPath(location.pathname + location.search), { replace: true });
    },
    [navigate, location.pathname, location.search],
  );
}

/** The routes of a signed-in member: checks the session first; without one, the sign-in page. */
export function RequireMember() {
  const location = useLocation();
  const session = useRequest(loadConsoleSession, 'session');
  if (session.status === 'loading') return <Loading label="Checking your session…" />;
  if (session.status === 'error') {
    if (session.error.unauthenticated) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
    return <ErrorNotice error={session.error} onRetry={session.reload} />;
  }
  // The organisation requires MFA and this member has none yet: the Security page only (the server refuses the rest).
  if (session.data.mfaEnrolmentRequired && location.pathname !== '/console/security') return <Navigate to="/console/security" replace />;
  return <Outlet />;
}
