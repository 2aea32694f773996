import { crossTenant } from '../db/cross-tenant';
import type { Services } from '../services';
import { randomToken } from '../security/tokens';
import { csrfTokenOf, MEMBER_SESSION_POLICIES, sessionTokenHash, type MemberSession, type MemberSessionKind } from './member-session';

/**
 * Starts a session for a member who has just proven who they are: always a new token (so a token
 * planted before sign-in is worth nothing), with the kind's idle and absolute expiry. `sid` carries a
 * browser's binding over from its anonymous phase; without it a new one is drawn.
 */
export async function startMemberSession(
  svc: Services,
  input: { kind: MemberSessionKind; memberId: string; sid?: string; secondFactorAt?: Date | null; address?: string | undefined; userAgent?: string | undefined },
): Promise<MemberSession> {
  const policy = MEMBER_SESSION_POLICIES[input.kind];
  const now = svc.clock.now();
  const token = randomToken(32);
  const sid = input.sid && /^[A-Za-z0-9_-]{1,64}$/.test(input.sid) ? input.sid : randomToken(16);
  const expiresAt = new Date(now.getTime() + policy.absoluteMs);
  const idleExpiresAt = new Date(Math.min(now.getTime() + policy.idleMs, expiresAt.getTime()));
  // member_sessions has no org_id: a session is its token's hash and its member (signing in comes before the tenant).
  await crossTenant(svc.db, 'sign-in').query(
    `INSERT INTO member_sessions (token_hash, kind, member_id, sid, csrf_generation, created_at, last_seen_at, idle_expires_at, expires_at, second_factor_at,
       user_agent, address)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
    [sessionTokenHash(token), input.kind, input.memberId, sid, now, now, idleExpiresAt, expiresAt, input.secondFactorAt ?? null,
      input.userAgent ? input.userAgent.slice(0, 512) : null, input.address ? input.address.slice(0, 64) : null],
  );
  // Keep the table to live sessions: a few of those past their absolute expiry go with each new one.
  await crossTenant(svc.db, 'sweep').query('DELETE FROM member_sessions WHERE expires_at < ? ORDER BY expires_at LIMIT 20', [now]);
  return {
    token, kind: input.kind, memberId: input.memberId, sid, csrfGeneration: 0, csrf: csrfTokenOf(token, 0), createdAt: now, idleExpiresAt, expiresAt,
    secondFactorAt: input.secondFactorAt ?? null, mode: 'live',
  };
}
