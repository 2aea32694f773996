// Member sessions: server-side browser sessions of signed-in members (the authorization pages today).
export {
  MEMBER_SESSION_POLICIES, csrfTokenOf, type MemberSession, type MemberSessionKind, type MemberSessionPolicy,
} from './member-session';
export { startMemberSession } from './start-member-session';
export { findMemberSession, findMemberSessionWithMember } from './find-member-session';
export { endMemberSession } from './end-member-session';
export { spendCsrfToken } from './spend-csrf-token';
export { findConsoleActor } from './find-console-actor';
export { ConsoleSessionCache, SESSION_CHECK_TTL_MS } from './console-session-cache';
export { cookieValue, CONSOLE_COOKIE, PENDING_SIGN_IN_COOKIE, consoleCookieLine, consoleCookiesSecure } from './cookie';
export { checkPassword, signInRateLimited, SIGN_IN_REFUSED, type SignInInput, waitText } from './sign-in';
export { markSecondFactor } from './mark-second-factor';
export { sessionTokenHash } from './member-session';
export { getMe, type Me } from './get-me';
export { listMySessions, type ConsoleSessionView } from './list-my-sessions';
export { endMySession } from './end-my-session';
export { setConsoleMode } from './set-console-mode';
export { admitSignIn, recordSignInSuccess, type SignInAdmission, type SignInTicket } from './sign-in-throttle';
export { authenticateMember, findSignedInMember, type SignedInMember, findMemberByEmail } from './authenticate-member';
export { endSessionsOfMember } from './end-sessions-of-member';
