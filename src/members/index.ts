// Members' accounts over their lifetime: invitations and password links (member_tokens, sent through the mail
// outbox), accepting an invitation, password resets, changing a role and removing a member (ending their
// sessions and OAuth grants, clearing their case ownership). Above tenants, sessions, oauth and cases.
export { inviteMember, type InviteMemberInput } from './invite-member';
export { acceptInvitation } from './accept-invitation';
export { changeMemberRole } from './change-member-role';
export { removeMember, type RemovedMember } from './remove-member';
export { MEMBER_LINK_MAIL, PASSWORD_RESET_TTL_MS, INVITATION_TTL_MS, memberTokenLink, type MemberTokenPurpose, createMemberToken, setPasswordWithToken } from './member-tokens';
export { membersModule } from './module';
export { requestPasswordReset, PASSWORD_RESET_ADDRESS_LIMIT, PASSWORD_RESET_ACCOUNT_LIMIT } from './request-password-reset';
export { resetPassword } from './reset-password';
