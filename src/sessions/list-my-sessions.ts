import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { deviceWords } from './device-words';

/** A live console session of the member, as `mySessions` lists it. Its id is the session's sid: never the token nor its hash. */
export interface ConsoleSessionView {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  expiresAt: Date;
  /** The session of the request that asked. */
  current: boolean;
  /** Browser and system in words ("Firefox on Linux"), from the User-Agent at sign-in; null when none was sent. */
  device: string | null;
  /** The address it signed in from (as TRUST_PROXY defines it), or null. */
  address: string | null;
}

/**
 * The calling member's live console sessions (not signed out, not idle too long, not past 12 hours),
 * newest first. `currentSid` marks the one the request came with.
 */
export async function listMySessions(svc: Services, actor: Actor, input: { currentSid?: string | null } = {}): Promise<ConsoleSessionView[]> {
  authorize(actor, 'sessions:own');
  if (actor.kind !== 'member') return [];
  const now = svc.clock.now();
  const rows = (await svc.db.query(
    `SELECT s.sid, s.created_at, s.last_seen_at, s.idle_expires_at, s.expires_at, s.user_agent, s.address FROM member_sessions s
     JOIN members m ON m.id = s.member_id AND m.org_id = ?
     WHERE s.member_id = ? AND s.kind = 'console' AND s.ended_at IS NULL AND s.expires_at > ? AND s.idle_expires_at > ?
     ORDER BY s.created_at DESC, s.sid`,
    [actor.orgId, actor.memberId, now, now],
  )) as { sid: string; created_at: Date; last_seen_at: Date; idle_expires_at: Date; expires_at: Date; user_agent: string | null; address: string | null }[];
  return rows.map((r) => ({
    id: r.sid, createdAt: new Date(r.created_at), lastSeenAt: new Date(r.last_seen_at), idleExpiresAt: new Date(r.idle_expires_at),
    expiresAt: new Date(r.expires_at), current: r.sid === input.currentSid, device: deviceWords(r.user_agent), address: r.address,
  }));
}
