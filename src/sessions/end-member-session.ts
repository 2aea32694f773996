import { announceRevocation } from '../access/index';
import { crossTenant } from '../db/cross-tenant';
import type { Services } from '../services';
import { sessionTokenHash, type MemberSession } from './member-session';

/**
 * Signs a session out: from now on its token opens nothing, in any browser that holds a copy, on any process
 * (the end is announced: every process's cached check of it is flushed).
 */
export async function endMemberSession(svc: Services, session: Pick<MemberSession, 'token'>): Promise<void> {
  const res = (await crossTenant(svc.db, 'token-lookup').query(
    'UPDATE member_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL', [svc.clock.now(), sessionTokenHash(session.token)],
  )) as { affectedRows: number };
  if (res.affectedRows > 0) await announceRevocation(svc);
}
