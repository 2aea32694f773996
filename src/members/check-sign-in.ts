import { auditName, systemActor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/index';
import { DomainError } from '../errors';
import { SERVICE_MEMBER_HASH } from '../security/index';
import type { Services } from '../services';
import { getTenant, inactiveSince, Member, refuseAddressNotAllowed } from '../tenants/index';
import { SUSPENDED_MESSAGE, suspendMemberInTx } from './suspend-member';

const DAY_MS = 24 * 60 * 60_000;

/** The refusal of a member the service acts as (SERVICE_MEMBER_HASH): nobody signs in as them. */
export const SERVICE_MEMBER_MESSAGE = 'This member is the service\'s own (the test helpers\' Test analyst): nobody signs in as them.';

/**
 * What every member sign-in (console, authorization pages; every method) passes once the member proved who
 * they are and before any session: the tenant's IP allow-list (`forbidden`, "Address not allowed…"), then the
 * member's suspension (`forbidden`), and the tenant's inactivity limit, applied here too between the daily
 * checks (a member past it is suspended now, sessions and connected apps ended, and refused).
 */
export async function checkSignInAllowed(svc: Services, input: { orgId: string; memberId: string; address: string | undefined }): Promise<void> {
  await refuseAddressNotAllowed(forTenant(svc.db, input.orgId), input.address);
  const member = await svc.db.manager.findOneBy(Member, { orgId: input.orgId, id: input.memberId });
  if (!member) throw new DomainError('unauthenticated', 'Sign in again.');
  if (member.passwordHash === SERVICE_MEMBER_HASH) throw new DomainError('forbidden', SERVICE_MEMBER_MESSAGE);
  if (member.suspendedAt) throw new DomainError('forbidden', SUSPENDED_MESSAGE);
  const { inactivityLimitDays: days } = await getTenant(svc, input.orgId);
  const now = svc.clock.now();
  if (days === null || inactiveSince(member).getTime() >= now.getTime() - days * DAY_MS) return;
  const suspended = await inTransaction(svc, (tx) => suspendMemberInTx(tx, {
    orgId: input.orgId, memberId: input.memberId, days, now, actor: auditName(systemActor(input.orgId)),
  }));
  if (suspended) throw new DomainError('forbidden', SUSPENDED_MESSAGE);
}
