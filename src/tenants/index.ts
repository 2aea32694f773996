export { Tenant } from './tenant.entity';
export { Member, MEMBER_ROLES, type MemberRole } from './member.entity';
export { createTenant, type CreateTenantInput } from './create-tenant';
export { getTenant, lockTenant, writePublicIntake, writePersonReuseDays, writeSsoOnly } from './find-tenant';
export { createMember, type CreateMemberInput } from './create-member';
export { ensureServiceMember } from './ensure-service-member';
export { listMembers } from './list-members';
export { MemberSchema, MemberRoleSchema, type MemberView } from './member.wire';
export { setFullParity } from './set-full-parity';
export { setFourEyes } from './set-four-eyes';
export { setMfaRequired } from './set-mfa-required';
export { fourEyesOn } from './four-eyes-on';
export { setWebhookAlertThreshold, WEBHOOK_ALERT_MINUTES_MIN, WEBHOOK_ALERT_MINUTES_MAX } from './set-webhook-alert-threshold';
export { setIdvSelfieRequired } from './set-idv-selfie-required';
export { setIdvAcceptDocumentOnFile } from './set-idv-accept-document-on-file';
export { setDefaultMlro, MLRO_ROLES } from './set-default-mlro';
export { setZeroRetention, ZERO_RETENTION_NEEDS_FULL_PARITY_MESSAGE } from './set-zero-retention';
export { FULL_PARITY_NOT_ENTITLED_MESSAGE } from './set-full-parity';
export { type OrganisationSettings } from './organisation-settings';
export { passwordProblem, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, checkNewPassword } from './password-rule';
export { listAdminRecipients, ADMIN_RECIPIENT_ROLES } from './list-admin-recipients';
export { toMemberView } from './member-views';
export { isDuplicateSlug, SLUG_PATTERN, SLUG_RULE } from './tenant-slug';
export { getCurrentMember, findCurrentMember, lockTenantMembers, refuseLastAdmin } from './lock-tenant-members';
export {
  insertMember, setMemberRole, markMemberRemoved, setMemberPasswordHash, markMemberSuspended, markMemberReactivated, markMemberSignedIn, inactiveSince,
  listInactiveMembers,
} from './members.repository';
export { setIpAllowList } from './set-ip-allow-list';
export { setInactivityLimit, INACTIVITY_DAYS_MIN, INACTIVITY_DAYS_MAX } from './set-inactivity-limit';
export { refuseAddressNotAllowed } from './refuse-address';
export { listMemberContacts, findMemberContact, findMemberContacts, type MemberContact } from './member-contacts';
