export { Tenant } from './tenant.entity';
export { Member, MEMBER_ROLES, type MemberRole } from './member.entity';
export { createTenant, type CreateTenantInput } from './create-tenant';
export { getTenant, lockTenant, writePublicIntake, writePersonReuseDays } from './find-tenant';
export { createMember, type CreateMemberInput } from './create-member';
export { listMembers } from './list-members';
export { MemberSchema, MemberRoleSchema, type MemberView } from './member.wire';
export { setFullParity } from './set-full-parity';
export { setFourEyes } from './set-four-eyes';
export { fourEyesOn } from './four-eyes-on';
export { setWebhookAlertThreshold, WEBHOOK_ALERT_MINUTES_MIN, WEBHOOK_ALERT_MINUTES_MAX } from './set-webhook-alert-threshold';
export { setIdvSelfieRequired } from './set-idv-selfie-required';
export { setIdvAcceptDocumentOnFile } from './set-idv-accept-document-on-file';
export { setDefaultMlro, MLRO_ROLES } from './set-default-mlro';
export { setZeroRetention, ZERO_RETENTION_NEEDS_FULL_PARITY_MESSAGE } from './set-zero-retention';
export { FULL_PARITY_NOT_ENTITLED_MESSAGE } from './set-full-parity';
export { type OrganisationSettings } from './organisation-settings';
export { passwordProblem, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './password-rule';
export { inviteMember, type InviteMemberInput } from './invite-member';
export { acceptInvitation } from './accept-invitation';
export { changeMemberRole } from './change-member-role';
export { removeMember, type RemovedMember } from './remove-member';
export {
  MEMBER_LINK_MAIL, PASSWORD_RESET_TTL_MS, INVITATION_TTL_MS, memberTokenLink, type MemberTokenPurpose,
} from './member-tokens';
export { tenantsModule } from './module';
export { listAdminRecipients, ADMIN_RECIPIENT_ROLES } from './list-admin-recipients';
