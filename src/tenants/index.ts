export { Tenant } from './tenant.entity';
export { Member, MEMBER_ROLES, type MemberRole } from './member.entity';
export { createTenant, type CreateTenantInput } from './create-tenant';
export { getTenant } from './find-tenant';
export { createMember, type CreateMemberInput } from './create-member';
export { listMembers } from './list-members';
export { MemberSchema, MemberRoleSchema, type MemberView } from './member.wire';
export { setFullParity } from './set-full-parity';
