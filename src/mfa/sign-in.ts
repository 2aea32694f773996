import { memberActor, type MemberActor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import {
  checkPassword, endMemberSession, findSignedInMember, startMemberSession, type MemberSession, type SignedInMember, type SignInInput,
} from '../sessions/index';
import { getTenant } from '../tenants/index';
import { checkSignInAllowed, recordSignIn, type SignInMethod } from '../members/index';
import { checkSecondFactorCode, methodsOf, type SecondFactorMethod } from './check-code';
import { livePendingSignIn, openPendingSignIn, PENDING_EXPIRED } from './challenges';
import { spendChallenge, type ChallengeDoor, type FirstFactor } from './second-factors.repository';

/** A member who proved who they are on one door: the password, and the second factor when they have one. */
export interface ProvedMember {
  member: SignedInMember;
  /** When a second factor was proved (null: the member has none). */
  secondFactorAt: Date | null;
  /** How: 'password', 'totp', 'recovery_code', 'webauthn', or 'sso' (the identity provider; secondFactorAt set when its MFA counted). */
  method: 'password' | 'sso' | SecondFactorMethod;
  /** A passkey alone (no password before it). */
  passwordless?: boolean;
  /** What came before the second factor (`method` a second factor): the password (the default) or the identity provider. */
  firstFactor?: FirstFactor;
  /** More for the sign-in's audit line (single sign-on: how the second factor was met, a just-in-time provisioning). */
  auditDetails?: Record<string, unknown>;
}

/** The browser a sign-in comes from: its address (as TRUST_PROXY defines it) and User-Agent. */
export interface SignInClient {
  address: string | undefined;
  userAgent?: string | undefined;
}

/** The audit log's words for how a member proved who they are: the first factor, then the second one (`sso+totp`). */
export function signInMethodOf(proved: Pick<ProvedMember, 'method' | 'passwordless' | 'firstFactor'>): SignInMethod {
  const first = proved.firstFactor ?? 'password';
  switch (proved.method) {
    case 'password': return 'password';
    case 'sso': return 'sso';
    case 'totp': return `${first}+totp`;
    case 'recovery_code': return `${first}+recovery_code`;
    case 'webauthn': return proved.passwordless ? 'passkey' : `${first}+passkey`;
  }
}

/**
 * The last step of every member sign-in before its session starts, on every door: the tenant's IP allow-list,
 * the member's suspension and the inactivity limit (checkSignInAllowed), then the sign-in recorded with its
 * method (last sign-in, audit line `member.signed_in`).
 */
export async function completeSignIn(svc: Services, proved: ProvedMember, input: { door: ChallengeDoor; client: SignInClient }): Promise<void> {
  const { member } = proved;
  await checkSignInAllowed(svc, { orgId: member.orgId, memberId: member.id, address: input.client.address });
  await recordSignIn(svc, { orgId: member.orgId, memberId: member.id, email: member.email, method: signInMethodOf(proved), door: input.door, address: input.client.address, details: proved.auditDetails });
}

/** The password was right, and a second factor must follow within 5 minutes. */
export interface PendingSecondFactor {
  pending: { token: string; expiresAt: Date };
  methods: SecondFactorMethod[];
}

/** The `mfa_required` refusal of a sign-in that waits for its second factor (the adapter sets the pending token first). */
export function mfaRequiredError(methods: SecondFactorMethod[]): DomainError {
  return new DomainError('mfa_required', 'Enter the code from your authenticator app, use your passkey, or enter a recovery code.', { methods });
}

/** The refusal of a password (or passwordless passkey) sign-in where the organisation requires SSO. */
export const SSO_REQUIRED_MESSAGE = 'Your organisation signs in with single sign-on: use "Continue with SSO" with your work email.';

/** What an admin other than the break-glass one is told as well. */
const NOT_BREAK_GLASS = ' Only the break-glass admin named in the single sign-on settings keeps password sign-in.';

/**
 * Where the member's organisation has "SSO only" on, only its break-glass admin (named in the setting, and an
 * admin still) may sign in without the identity provider. Everyone else: `sso_required`.
 */
export async function refuseUnlessBreakGlass(svc: Services, member: SignedInMember): Promise<void> {
  const tenant = await getTenant(svc, member.orgId);
  if (!tenant.ssoOnly || (member.role === 'admin' && member.id === tenant.ssoBreakGlassMemberId)) return;
  throw new DomainError('sso_required', member.role === 'admin' ? SSO_REQUIRED_MESSAGE + NOT_BREAK_GLASS : SSO_REQUIRED_MESSAGE);
}

/**
 * The first step of every member sign-in (the console, the authorization pages): the throttle and the
 * password (checkPassword), refused where the organisation has "SSO only" on (refuseUnlessBreakGlass), then
 * either the member (no second factor) or a pending sign-in, 5 minutes, that only the second factor completes. No door mints a member session without passing here.
 */
export async function provePassword(
  svc: Services, input: SignInInput & { door: ChallengeDoor; sid?: string },
): Promise<ProvedMember | PendingSecondFactor> {
  const member = await checkPassword(svc, input);
  // The allow-list and suspension refuse before a second factor is asked for.
  await checkSignInAllowed(svc, { orgId: member.orgId, memberId: member.id, address: input.address });
  await refuseUnlessBreakGlass(svc, member);
  const methods = await methodsOf(svc, member);
  if (!methods.length) return { member, secondFactorAt: null, method: 'password' };
  return { pending: await openPendingSignIn(svc, { door: input.door, member, sid: input.sid }), methods };
}

/**
 * Completes a pending sign-in with a TOTP or recovery code (checkSecondFactorCode: throttled like passwords).
 * The pending sign-in is spent once: a second use, or one after 5 minutes, is `unauthenticated`.
 */
export async function proveSignInCode(
  svc: Services, input: { pendingToken: unknown; door: ChallengeDoor; sid?: string; code: unknown; address: string | undefined },
): Promise<ProvedMember> {
  const pending = await livePendingSignIn(svc, { token: input.pendingToken, door: input.door, sid: input.sid });
  const member = await findSignedInMember(svc, pending.memberId);
  if (!member) throw new DomainError('unauthenticated', PENDING_EXPIRED);
  const method = await checkSecondFactorCode(svc, member, { code: input.code, address: input.address });
  const now = svc.clock.now();
  if (!(await spendChallenge(svc.db, pending.tokenHash, now))) throw new DomainError('unauthenticated', PENDING_EXPIRED);
  return { member, secondFactorAt: now, method, firstFactor: pending.firstFactor };
}

/** The second factors a live pending sign-in may still be completed with; null when it is unknown, spent or past its 5 minutes. */
export async function pendingSignInMethods(
  svc: Services, input: { pendingToken: unknown; door: ChallengeDoor; sid?: string },
): Promise<SecondFactorMethod[] | null> {
  const pending = await livePendingSignIn(svc, { token: input.pendingToken, door: input.door, sid: input.sid }).catch((err: unknown) => {
    if (err instanceof DomainError) return null;
    throw err;
  });
  const member = pending ? await findSignedInMember(svc, pending.memberId) : null;
  return member ? methodsOf(svc, member) : null;
}

/**
 * A console session for a proved member (completeSignIn first; any console session the browser had is ended),
 * with its actor. The session keeps the browser's address and User-Agent (mySessions shows them).
 */
export async function startConsoleSession(
  svc: Services, proved: ProvedMember, currentToken: string | undefined, client: SignInClient,
): Promise<{ session: MemberSession; actor: MemberActor }> {
  await completeSignIn(svc, proved, { door: 'console', client });
  if (currentToken) await endMemberSession(svc, { token: currentToken });
  const session = await startMemberSession(svc, {
    kind: 'console', memberId: proved.member.id, secondFactorAt: proved.secondFactorAt, address: client.address, userAgent: client.userAgent,
  });
  const tenant = await getTenant(svc, proved.member.orgId);
  const enrolled = proved.method === 'sso' ? (await methodsOf(svc, proved.member)).length > 0 : proved.method !== 'password';
  return { session, actor: memberActor(proved.member, { enrolled, required: tenant.mfaRequired, fresh: proved.secondFactorAt !== null }) };
}

/**
 * Signs a member in to the console with email and password. A member without a second factor gets a
 * console session (30 minutes idle, 12 hours absolute; when the tenant requires MFA, limited to enrolling
 * one). A member with one gets no session: a pending sign-in for verifySecondFactor (`pending`, with the
 * methods they have).
 */
export async function signIn(
  svc: Services, input: SignInInput & { currentToken?: string; userAgent?: string },
): Promise<{ session: MemberSession; actor: MemberActor } | PendingSecondFactor> {
  const proved = await provePassword(svc, { ...input, door: 'console' });
  if ('pending' in proved) return proved;
  return startConsoleSession(svc, proved, input.currentToken, { address: input.address, userAgent: input.userAgent });
}
