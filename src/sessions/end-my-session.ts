import { announceRevocation, authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';

const SID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** Ends one of the calling member's own live console sessions (another browser, a lost laptop); not_found for any other id. */
export async function endMySession(svc: Services, actor: Actor, input: { sessionId: string }): Promise<void> {
  authorize(actor, 'sessions:own');
  if (actor.kind !== 'member' || typeof input.sessionId !== 'string' || !SID_SHAPE.test(input.sessionId)) throw DomainError.notFound('Session');
  const now = svc.clock.now();
  const res = (await svc.db.query(
    `UPDATE member_sessions s JOIN members m ON m.id = s.member_id AND m.org_id = ? SET s.ended_at = ?
     WHERE s.member_id = ? AND s.sid = ? AND s.kind = 'console' AND s.ended_at IS NULL AND s.expires_at > ? AND s.idle_expires_at > ?`,
    [actor.orgId, now, actor.memberId, input.sessionId, now, now],
  )) as { affectedRows: number };
  if (res.affectedRows === 0) throw DomainError.notFound('Session');
  // Every process's cached check of that session goes with it.
  await announceRevocation(svc);
}
