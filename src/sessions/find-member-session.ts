import type { Services } from '../services';
import {
  csrfTokenOf, IDLE_TOUCH_INTERVAL_MS, MEMBER_SESSION_POLICIES, SESSION_TOKEN_SHAPE, sessionTokenHash, type MemberSession, type MemberSessionKind,
} from './member-session';

interface Row {
  member_id: string;
  sid: string;
  csrf_generation: number;
  created_at: Date;
  idle_expires_at: Date;
  expires_at: Date;
}

/**
 * The live session of a cookie's token, or null when the token is unknown, of another kind, ended
 * (signed out), idle too long or past its absolute expiry. Using a session moves its idle expiry on
 * (at most once a minute, never past the absolute one).
 */
export async function findMemberSession(svc: Services, kind: MemberSessionKind, token: unknown): Promise<MemberSession | null> {
  if (typeof token !== 'string' || !SESSION_TOKEN_SHAPE.test(token)) return null;
  const now = svc.clock.now();
  const hash = sessionTokenHash(token);
  const [row] = (await svc.db.query(
    `SELECT member_id, sid, csrf_generation, created_at, idle_expires_at, expires_at FROM member_sessions
     WHERE token_hash = ? AND kind = ? AND ended_at IS NULL AND expires_at > ? AND idle_expires_at > ?`,
    [hash, kind, now, now],
  )) as Row[];
  if (!row) return null;
  let idleExpiresAt = new Date(row.idle_expires_at);
  const expiresAt = new Date(row.expires_at);
  const moved = Math.min(now.getTime() + MEMBER_SESSION_POLICIES[kind].idleMs, expiresAt.getTime());
  if (moved - idleExpiresAt.getTime() >= IDLE_TOUCH_INTERVAL_MS) {
    idleExpiresAt = new Date(moved);
    await svc.db.query('UPDATE member_sessions SET last_seen_at = ?, idle_expires_at = ? WHERE token_hash = ? AND ended_at IS NULL', [now, idleExpiresAt, hash]);
  }
  const generation = Number(row.csrf_generation);
  return {
    token, kind, memberId: row.member_id, sid: row.sid, csrfGeneration: generation, csrf: csrfTokenOf(token, generation),
    createdAt: new Date(row.created_at), idleExpiresAt, expiresAt,
  };
}
