import { crossTenant } from '../db/cross-tenant';
import { IsNull } from 'typeorm';
import { hashPassword, isUsablePasswordHash, verifyPassword } from '../security/passwords';
import type { Services } from '../services';
import { Member, type MemberRole } from '../tenants/index';
import { Tenant } from '../tenants/index';
import { isEmail } from '../validation';

/** A signed-in member as the sign-in and consent pages know them. */
export interface SignedInMember {
  id: string;
  orgId: string;
  email: string;
  name: string | null;
  role: MemberRole;
  tenantName: string;
}

/** A hash no password matches, per cost: an unknown email is checked against it at the cost new passwords get. */
const dummyHashes = new Map<number, Promise<string>>();

/**
 * Checks a member's email and password (scrypt). An unknown email costs the same slow hash as a wrong
 * password, so the answer time does not tell which emails exist. Null on any failure.
 */
export async function authenticateMember(svc: Services, input: { email: unknown; password: unknown }): Promise<SignedInMember | null> {
  if (typeof input.password !== 'string' || input.password.length > 1024) return null;
  const member = await findMemberByEmail(svc, input.email);
  // An unknown email and a member without a password yet (an open invitation) cost the same slow hash.
  if (!member || !isUsablePasswordHash(member.passwordHash)) {
    const cost = svc.config.passwordHashCost;
    if (!dummyHashes.has(cost)) dummyHashes.set(cost, hashPassword('not a real password, only for equal timing', cost));
    await verifyPassword(input.password, await dummyHashes.get(cost)!);
    return null;
  }
  if (!(await verifyPassword(input.password, member.passwordHash))) return null;
  return signedInMember(svc, member);
}

/**
 * The (not removed) member an email typed on the sign-in page names, or null: the one lookup that both
 * the password check and the sign-in throttle use, so every form of an address that reaches an account
 * is counted against that account.
 */
export async function findMemberByEmail(svc: Services, email: unknown): Promise<Member | null> {
  return isEmail(email) ? crossTenant(svc.db.manager, 'sign-in').findOneBy(Member, { email: email.toLowerCase(), removedAt: IsNull() }) : null;
}

/** The member of a browser session, or null when they have been removed since. */
export async function findSignedInMember(svc: Services, memberId: string): Promise<SignedInMember | null> {
  if (!/^[0-9a-f-]{36}$/.test(memberId)) return null;
  const member = await crossTenant(svc.db.manager, 'token-lookup').findOneBy(Member, { id: memberId, removedAt: IsNull() });
  return member ? signedInMember(svc, member) : null;
}

async function signedInMember(svc: Services, m: Member): Promise<SignedInMember> {
  const tenant = await svc.db.manager.findOneByOrFail(Tenant, { id: m.orgId });
  return { id: m.id, orgId: m.orgId, email: m.email, name: m.name, role: m.role, tenantName: tenant.name };
}
