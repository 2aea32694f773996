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
export { reactivateMember } from './reactivate-member';
export { suspendInactiveMembers } from './suspend-inactive-members';
export { SUSPEND_INACTIVE_MEMBERS_TASK } from './suspend-inactive-members.task';
export { SUSPENDED_MESSAGE } from './suspend-member';
export { checkSignInAllowed } from './check-sign-in';
export { recordSignIn, type SignInMethod } from './record-sign-in';
