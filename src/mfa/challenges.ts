import { DomainError } from '../errors';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { findChallenge, insertChallenge, type ChallengeDoor, type ChallengeRow, type FirstFactor } from './second-factors.repository';

/** How long a sign-in waits for its second factor: 5 minutes. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** The answer to a pending sign-in that is unknown, spent or past its 5 minutes. */
export const PENDING_EXPIRED = 'Your sign-in has expired. Sign in again with your email and password.';

/**
 * Opens a pending sign-in for a member whose first factor held (the password, or the identity provider:
 * `firstFactor`, default password); the token goes to the browser (cookie or form).
 */
export async function openPendingSignIn(
  svc: Services, input: { door: ChallengeDoor; member: { id: string; orgId: string }; sid?: string; firstFactor?: FirstFactor },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const now = svc.clock.now();
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
  await insertChallenge(svc.db, sha256Hex(token), {
    purpose: 'sign_in', door: input.door, orgId: input.member.orgId, memberId: input.member.id, sid: input.sid ?? null, webauthnChallenge: null,
    firstFactor: input.firstFactor ?? 'password', expiresAt,
  }, now);
  return { token, expiresAt };
}

/** The live pending sign-in of a token for the door (and the browser's sid on the authorization pages), or `unauthenticated`. */
export async function livePendingSignIn(
  svc: Services, input: { token: unknown; door: ChallengeDoor; sid?: string },
): Promise<ChallengeRow & { orgId: string; memberId: string; tokenHash: string; firstFactor: FirstFactor }> {
  const token = typeof input.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(input.token) ? input.token : null;
  const tokenHash = token ? sha256Hex(token) : '';
  const row = token ? await findChallenge(svc.db, tokenHash, svc.clock.now()) : null;
  if (!row || row.purpose !== 'sign_in' || row.door !== input.door || !row.orgId || !row.memberId || (input.door === 'oauth' && row.sid !== input.sid)) {
    throw new DomainError('unauthenticated', PENDING_EXPIRED);
  }
  return { ...row, orgId: row.orgId, memberId: row.memberId, tokenHash, firstFactor: row.firstFactor ?? 'password' };
}
