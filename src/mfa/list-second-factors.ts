import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/tenant-db';
import type { Services } from '../services';
import { memberOf } from './member-of';
import { factorsOf, unusedRecoveryCodeCount, type FactorKind } from './second-factors.repository';

/** One of a member's second factors as they see it (never its secret nor its key). */
export interface SecondFactorView {
  id: string;
  kind: FactorKind;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The calling member's confirmed second factors, oldest first. */
export async function listMySecondFactors(svc: Services, actor: Actor): Promise<SecondFactorView[]> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  return (await factorsOf(forTenant(svc.db, member.orgId), member.memberId))
    .map((f) => ({ id: f.id, kind: f.kind, name: f.name, createdAt: f.createdAt, lastUsedAt: f.lastUsedAt }));
}

/** How many of the calling member's recovery codes are still unused. */
export async function countMyRecoveryCodes(svc: Services, actor: Actor): Promise<number> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  return unusedRecoveryCodeCount(forTenant(svc.db, member.orgId), member.memberId);
}
