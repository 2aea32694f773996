import { addressAllowed, addressNotAllowed, memberActor, STEP_UP_WINDOW_MS, type MemberActor } from '../access/index';
import type { DomainError } from '../errors';
import type { Services } from '../services';
import { findMemberSessionWithMember } from './find-member-session';
import type { MemberSession } from './member-session';

/**
 * The member a console session cookie's token signs in, as an Actor with their current role and second
 * factor (enrolled, required by the tenant, proved in this session within the step-up window), or null
 * when the token opens no live console session or the member has been removed or suspended since (one
 * statement). `refused` (forbidden, "Address not allowed…") when the request's address is outside the
 * tenant's IP allow-list: the session opens nothing from there.
 */
export async function findConsoleActor(
  svc: Services, token: unknown, request: { address: string | undefined },
): Promise<{ actor: MemberActor; session: MemberSession } | { refused: DomainError } | null> {
  const found = await findMemberSessionWithMember(svc, 'console', token);
  if (!found) return null;
  if (!addressAllowed(found.member.ipAllowList, request.address)) return { refused: addressNotAllowed() };
  const provedAt = found.session.secondFactorAt?.getTime();
  const fresh = provedAt !== undefined && svc.clock.now().getTime() - provedAt < STEP_UP_WINDOW_MS;
  return {
    actor: memberActor(found.member, { enrolled: found.member.mfaEnrolled, required: found.member.mfaRequired, fresh }, found.session.mode),
    session: found.session,
  };
}
