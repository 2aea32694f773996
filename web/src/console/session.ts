// The console's session: who is signed in. Every console route but the public ones (sign-in, password
// reset, accept invitation, status) runs `me`; an UNAUTHENTICATED answer (to it or to any later query)
// sends the member to /console/sign-in?next=<path>.
//
// The signed-in member is also kept in a small store here, so the layout's header (outside the signed-in
// routes) can show their name, role and Sign out, and pages can ask `useViewer()` what they may do (viewerCan).
import { useSyncExternalStore } from 'react';
import { graphql } from '../gql';
import type { ConsoleSessionQuery as ConsoleSessionResult } from '../gql/graphql';
import { execute } from '../lib/graphql';

/** The organisation's switches, as every page and every mutation that changes one reads them. */
export const OrganisationFields = graphql(`
  fragment OrganisationFields on Organisation {
    id
    name
    fourEyes
    defaultMlroMemberId
    fullParityEntitled
    fullParityEnabled
    zeroRetention
    webhookAlertAfterMinutes
    idvRequireSelfie
    idvAcceptDocumentOnFile
    mfaRequired
    ipAllowList
    inactivityLimitDays
  }
`);

/**
 * The signed-in member, their organisation and what they may do across its configuration (viewerCan: the
 * server's own permission table; pages show a control only when its flag is true).
 */
export const ViewerFields = graphql(`
  fragment ViewerFields on Viewer {
    id
    email
    name
    role
    mfaEnrolmentRequired
    hasSecondFactor
    currentAddress
    org {
      ...OrganisationFields
    }
    viewerCan {
      manageMembers
      readAuditLog
      manageWebhooks
      manageCredentials
      disconnectAnyConnectedApp
      setFourEyes
      setFullParityEgress
      setZeroRetention
      setDefaultMlro
      setWebhookAlertThreshold
      configureIdentityVerification
      configureMonitoring
      configureReminders
      configurePersonReuse
      configureScreening
      revokeClearedHits
      configureRiskModel
      configureDecisionPolicy
      configureQueues
      setAnyAvailability
      configureSla
      configureRetention
      manageLegalHold
      manageSubjectRequests
      configureMfa
      configurePublicIntake
      readKeptMail
      configureNetwork
      configureSso
    }
    mailKeptLocally
    mode
  }
`);

const SetConsoleModeMutation = graphql(`
  mutation SetConsoleMode($mode: String!) {
    setConsoleMode(mode: $mode) {
      ...ViewerFields
    }
  }
`);

export const ConsoleSessionQuery = graphql(`
  query ConsoleSession {
    me {
      ...ViewerFields
    }
  }
`);

const SignInMutation = graphql(`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      ...ViewerFields
    }
  }
`);

const VerifySecondFactorMutation = graphql(`
  mutation VerifySecondFactor($code: String!) {
    verifySecondFactor(code: $code) {
      ...ViewerFields
    }
  }
`);

const SignOutMutation = graphql(`
  mutation SignOut {
    signOut
  }
`);

/** The signed-in member and their organisation, as `me` answers. */
export type Viewer = ConsoleSessionResult['me'];
export type Role = Viewer['role'];
export type Org = Viewer['org'];

let current: Viewer | null = null;
const listeners = new Set<() => void>();

function setViewer(viewer: Viewer | null) {
  current = viewer;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in member, or null (not signed in, or not known yet). */
export function useViewer(): Viewer | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

/** Asks `me`: resolves with the member, or rejects with UNAUTHENTICATED (then the sign-in page). */
export async function loadConsoleSession(): Promise<Viewer> {
  try {
    const { me } = await execute(ConsoleSessionQuery);
    setViewer(me);
    return me;
  } catch (e) {
    setViewer(null);
    throw e;
  }
}

const SignInOptionsQuery = graphql(`
  query SignInOptions($email: String!) {
    signInOptions(email: $email) {
      sso
    }
  }
`);

/** Whether an email's organisation signs in through its identity provider (the sign-in page then offers "Continue with SSO"). */
export async function ssoAvailable(email: string): Promise<boolean> {
  return (await execute(SignInOptionsQuery, { email })).signInOptions.sso;
}

/** Where "Continue with SSO" goes: the server sends the browser on to the identity provider, and back to `next`. */
export function ssoStartPath(email: string, next: string): string {
  return `/console/sso/start?${new URLSearchParams({ email: email.trim(), next })}`;
}

/** Signs in with email and password (the `signIn` mutation, which sets the HttpOnly cookie). */
export async function signIn(input: { email: string; password: string }): Promise<Viewer> {
  const { signIn: viewer } = await execute(SignInMutation, input);
  setViewer(viewer);
  return viewer;
}

/**
 * Proves a second factor with a code (authenticator app or recovery code): completes a sign-in that answered
 * MFA_REQUIRED, or, signed in, confirms it is the member before a sensitive change (step-up).
 */
export async function verifySecondFactor(input: { code: string }): Promise<Viewer> {
  const { verifySecondFactor: viewer } = await execute(VerifySecondFactorMutation, input);
  setViewer(viewer);
  return viewer;
}

/** Sets the member after a change of their own (a second factor enrolled): the pages see it at once. */
export function replaceViewer(viewer: Viewer): void {
  setViewer(viewer);
}

/**
 * The "Test data" switch: this session shows the organisation's test data (`test`) or its live data (`live`) from
 * now on. Every page reads its data again in the new mode (a fresh load of the page): nothing of the other mode stays on screen.
 */
export async function setConsoleMode(mode: 'live' | 'test'): Promise<void> {
  const { setConsoleMode: viewer } = await execute(SetConsoleModeMutation, { mode });
  setViewer(viewer);
  window.location.reload();
}

/** Ends this session (the cookie is cleared by the server). */
export async function signOut(): Promise<true> {
  await execute(SignOutMutation);
  setViewer(null);
  return true;
}

/**
 * Replaces the organisation's switches after a change (the mutations answer the new Organisation), so every
 * component showing them (the settings pages, the header) sees the new values without asking `me` again.
 */
export function setViewerOrg(org: Org): void {
  if (current) setViewer({ ...current, org });
}

/** Forgets the member after a request answered UNAUTHENTICATED (the session ended elsewhere). */
export function forgetViewer(): void {
  if (current) setViewer(null);
}

/** The roles in order, for the role pickers: each includes the ones before it (decisions.md "Roles"); what a role may do, the server says (viewerCan). */
export const ROLE_ORDER: readonly Role[] = ['analyst', 'mlro', 'compliance_admin', 'admin'];

/** Each role's name in words. */
export const ROLE_LABELS: Record<Role, string> = {
  analyst: 'Analyst',
  mlro: 'MLRO',
  compliance_admin: 'Compliance admin',
  admin: 'Admin',
};

/** Where to go after sign-in: a console path only (never another site, never the sign-in page itself). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/console') || next.startsWith('//') || next.startsWith('/console/sign-in')) return '/console';
  return next;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return `/console/sign-in?next=${encodeURIComponent(path)}`;
}
