import { crossTenant } from '../db/cross-tenant';
import type { MemberRole } from '../tenants/index';
import type { Services } from '../services';
import {
  csrfTokenOf, IDLE_TOUCH_INTERVAL_MS, MEMBER_SESSION_POLICIES, SESSION_TOKEN_SHAPE, sessionCheckKey, sessionTokenHash, type MemberSession, type MemberSessionKind,
} from './member-session';

interface Row {
  member_id: string;
  sid: string;
  csrf_generation: number;
  created_at: Date;
  idle_expires_at: Date;
  expires_at: Date;
  second_factor_at: Date | null;
  mode: 'live' | 'test';
  org_id?: string;
  email?: string;
  role?: MemberRole;
  mfa_required?: number;
  mfa_enrolled?: number;
  ip_allow_list?: string | null;
}

/** The member a live session belongs to, as read with it (a removed member's sessions open nothing). */
export interface SessionMember {
  id: string;
  orgId: string;
  email: string;
  role: MemberRole;
  /** Their tenant requires MFA. */
  mfaRequired: boolean;
  /** They have a confirmed second factor. */
  mfaEnrolled: boolean;
  /** Their tenant's IP allow-list (CIDRs), or null. */
  ipAllowList: string[] | null;
}

/**
 * The live session of a cookie's token, or null when the token is unknown, of another kind, ended
 * (signed out), idle too long or past its absolute expiry. Using a session moves its idle expiry on
 * (at most once a minute, never past the absolute one).
 */
export async function findMemberSession(svc: Services, kind: MemberSessionKind, token: unknown): Promise<MemberSession | null> {
  if (typeof token !== 'string' || !SESSION_TOKEN_SHAPE.test(token)) return null;
  return (await lookup(svc, kind, token, false))?.session ?? null;
}

/**
 * findMemberSession and the session's member in the same statement: null also when the member has been
 * removed or suspended. One round trip per request for the console, whose every request checks its session,
 * and none while this process holds the check in its cache (ConsoleSessionCache: at most
 * SESSION_CHECK_TTL_MS, flushed everywhere by every write that ends a session or changes what is read here;
 * the expiries are checked against the clock on every request, cached or not).
 */
export async function findMemberSessionWithMember(
  svc: Services, kind: MemberSessionKind, token: unknown,
): Promise<{ session: MemberSession; member: SessionMember } | null> {
  if (typeof token !== 'string' || !SESSION_TOKEN_SHAPE.test(token)) return null;
  const cache = svc.consoleSessionCache;
  const now = svc.clock.now();
  const nowMs = now.getTime();
  const hash = sessionTokenHash(token);
  const key = sessionCheckKey(kind, hash);
  const hit = cache.get(key, nowMs);
  if (hit) {
    const { session, member } = hit;
    if (session.expiresAt.getTime() <= nowMs || session.idleExpiresAt.getTime() <= nowMs) {
      cache.forget(key);
      return null;
    }
    const moved = movedIdleExpiry(kind, session, nowMs);
    if (moved) {
      await touch(svc, hash, now, moved);
      session.idleExpiresAt = moved;
    }
    // A copy: callers may change theirs (the Test data switch sets its mode), never the cached one.
    return { session: { ...session }, member };
  }
  const generation = cache.begin();
  const found = await lookup(svc, kind, token, true, hash, now);
  if (!found || !found.member) return null;
  cache.remember(key, { session: { ...found.session }, member: found.member }, generation, nowMs);
  return { session: found.session, member: found.member };
}

/** The idle expiry a use of the session at `nowMs` moves it to, when that is due (at most once a minute), else null. */
function movedIdleExpiry(kind: MemberSessionKind, session: Pick<MemberSession, 'idleExpiresAt' | 'expiresAt'>, nowMs: number): Date | null {
  const moved = Math.min(nowMs + MEMBER_SESSION_POLICIES[kind].idleMs, session.expiresAt.getTime());
  return moved - session.idleExpiresAt.getTime() >= IDLE_TOUCH_INTERVAL_MS ? new Date(moved) : null;
}

function touch(svc: Services, hash: string, now: Date, idleExpiresAt: Date): Promise<unknown> {
  return crossTenant(svc.db, 'token-lookup').query('UPDATE member_sessions SET last_seen_at = ?, idle_expires_at = ? WHERE token_hash = ? AND ended_at IS NULL', [now, idleExpiresAt, hash]);
}

async function lookup(
  svc: Services, kind: MemberSessionKind, token: string, withMember: boolean, hash = sessionTokenHash(token), now = svc.clock.now(),
): Promise<{ session: MemberSession; member: SessionMember | null } | null> {
  const byToken = crossTenant(svc.db, 'token-lookup');
  const [row] = (await byToken.query(
    withMember
      ? `SELECT s.member_id, s.sid, s.csrf_generation, s.created_at, s.idle_expires_at, s.expires_at, s.second_factor_at, s.mode, m.org_id, m.email, m.role,
           t.mfa_required, t.ip_allow_list,
           EXISTS (SELECT 1 FROM second_factors f WHERE f.org_id = m.org_id AND f.member_id = m.id AND f.confirmed_at IS NOT NULL) AS mfa_enrolled
         FROM member_sessions s JOIN members m ON m.id = s.member_id AND m.removed_at IS NULL AND m.suspended_at IS NULL JOIN tenants t ON t.id = m.org_id
         WHERE s.token_hash = ? AND s.kind = ? AND s.ended_at IS NULL AND s.expires_at > ? AND s.idle_expires_at > ?`
      : `SELECT member_id, sid, csrf_generation, created_at, idle_expires_at, expires_at, second_factor_at, mode FROM member_sessions
         WHERE token_hash = ? AND kind = ? AND ended_at IS NULL AND expires_at > ? AND idle_expires_at > ?`,
    [hash, kind, now, now],
  )) as Row[];
  if (!row) return null;
  let idleExpiresAt = new Date(row.idle_expires_at);
  const expiresAt = new Date(row.expires_at);
  const moved = movedIdleExpiry(kind, { idleExpiresAt, expiresAt }, now.getTime());
  if (moved) {
    idleExpiresAt = moved;
    await touch(svc, hash, now, moved);
  }
  const generation = Number(row.csrf_generation);
  const session: MemberSession = {
    token, kind, memberId: row.member_id, sid: row.sid, csrfGeneration: generation, csrf: csrfTokenOf(token, generation),
    createdAt: new Date(row.created_at), idleExpiresAt, expiresAt, secondFactorAt: row.second_factor_at ? new Date(row.second_factor_at) : null,
    mode: row.mode === 'test' ? 'test' : 'live',
  };
  const member = withMember && row.org_id && row.email && row.role
    ? { id: row.member_id, orgId: row.org_id, email: row.email, role: row.role, mfaRequired: Number(row.mfa_required) === 1, mfaEnrolled: Number(row.mfa_enrolled) === 1,
      ipAllowList: row.ip_allow_list ? JSON.parse(row.ip_allow_list) as string[] : null }
    : null;
  return { session, member };
}
