export { Tenant } from './tenant.entity';
export { Member, MEMBER_ROLES, type MemberRole } from './member.entity';
export { createTenant, type CreateTenantInput } from './create-tenant';
export { getTenant } from './find-tenant';
export { createMember, type CreateMemberInput } from './create-member';
export { listMembers, type MemberView } from './list-members';
export { setFullParity } from './set-full-parity';
