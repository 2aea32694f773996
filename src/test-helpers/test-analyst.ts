import { memberActor, type MemberActor } from '../access/index';
import { inTransaction } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { ensureServiceMember } from '../tenants/index';

/** The Test analyst's name, as the members list and the case's timeline show it. */
export const TEST_ANALYST_NAME = 'Test analyst';

/** The Test analyst's address: unique per tenant, on a domain that can never receive mail (RFC 2606 `.invalid`). */
export const testAnalystEmail = (orgId: string) => `test-analyst+${orgId}@test-helpers.invalid`;

/**
 * The tenant's Test analyst as an actor in test mode: a member (role analyst) created the first time a helper decides a case,
 * who can never sign in (ensureServiceMember). What the decide helper does, the case's history says this member
 * did (analystEmail, changedBy, the audit log).
 */
export async function testAnalystOf(svc: Services, orgId: string): Promise<MemberActor> {
  const member = await inTransaction(svc, (tx) => ensureServiceMember(tx, orgId, { email: testAnalystEmail(orgId), name: TEST_ANALYST_NAME, role: 'analyst' }));
  if (member.removedAt) throw new DomainError('conflict', 'The tenant\'s Test analyst was removed from the organisation: the decide helper cannot act as them.');
  // In test mode: the test cases are the ones this member sees and decides.
  return memberActor({ orgId, id: member.id, email: member.email, role: member.role }, undefined, 'test');
}
