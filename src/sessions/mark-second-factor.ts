import { announceRevocation } from '../access/index';
import { crossTenant } from '../db/cross-tenant';
import type { Services } from '../services';
import { sessionTokenHash } from './member-session';

/**
 * Records that the session of `token` has just proved a second factor (an enrolment or a step-up code):
 * sensitive changes are open to it for the next 10 minutes.
 */
export async function markSecondFactor(svc: Services, input: { token: string; memberId: string }): Promise<Date> {
  const now = svc.clock.now();
  await crossTenant(svc.db, 'token-lookup').query(
    'UPDATE member_sessions SET second_factor_at = ? WHERE token_hash = ? AND member_id = ? AND ended_at IS NULL', [now, sessionTokenHash(input.token), input.memberId],
  );
  // A cached check of the session holds when it last proved a factor: the step-up must count from the next request.
  await announceRevocation(svc);
  return now;
}
