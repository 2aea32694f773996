import { announceRevocation, authorize, MODES, type Actor, type Mode } from '../access/index';
import { crossTenant } from '../db/cross-tenant';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { sessionTokenHash, type MemberSession } from './member-session';

/**
 * The console's "Test data" switch: from now on the member's console session (this browser only) shows and makes
 * the tenant's test data (`test`) or its live data (`live`): cases, the dashboard, credentials, webhook endpoints
 * and kept mail all follow it (docs/test-mode.md). Any member may switch; their role still decides what they may do.
 */
export async function setConsoleMode(svc: Services, actor: Actor, session: MemberSession, mode: string): Promise<Mode> {
  authorize(actor, 'sessions:own');
  if (actor.kind !== 'member' || session.kind !== 'console' || session.memberId !== actor.memberId) throw DomainError.notFound('Session');
  if (!MODES.includes(mode as Mode)) throw DomainError.validation([{ path: 'mode', message: `must be one of ${MODES.join(', ')}` }]);
  // The session row is found by its token's hash, as every request finds it.
  await crossTenant(svc.db, 'token-lookup').query(
    "UPDATE member_sessions SET mode = ? WHERE token_hash = ? AND member_id = ? AND kind = 'console' AND ended_at IS NULL",
    [mode, sessionTokenHash(session.token), actor.memberId],
  );
  session.mode = mode as Mode;
  // The session's cached checks (every process) hold its mode: the next request must show the other data.
  await announceRevocation(svc);
  return mode as Mode;
}
