import { crossTenant } from '../db/cross-tenant';
import type { Services } from '../services';
import { safeEqual } from '../security/tokens';
import { csrfTokenOf, sessionTokenHash, type MemberSession } from './member-session';

/**
 * Spends the session's current CSRF token: the session with its next token when `sent` is the current
 * one and the session is still live, else null. The generation moves on in one conditional UPDATE, so
 * of any number of requests carrying the same token (a replayed form, a double submit) exactly one wins.
 */
export async function spendCsrfToken(svc: Services, session: MemberSession, sent: unknown): Promise<MemberSession | null> {
  if (typeof sent !== 'string' || !safeEqual(sent, session.csrf)) return null;
  const now = svc.clock.now();
  const result = (await crossTenant(svc.db, 'token-lookup').query(
    `UPDATE member_sessions SET csrf_generation = csrf_generation + 1
     WHERE token_hash = ? AND csrf_generation = ? AND ended_at IS NULL AND expires_at > ? AND idle_expires_at > ?`,
    [sessionTokenHash(session.token), session.csrfGeneration, now, now],
  )) as { affectedRows: number };
  if (result.affectedRows !== 1) return null;
  const generation = session.csrfGeneration + 1;
  return { ...session, csrfGeneration: generation, csrf: csrfTokenOf(session.token, generation) };
}
