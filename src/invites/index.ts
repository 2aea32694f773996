export { INVITE_MAIL, inspectInvite, redeemInvite, inviteLink, createInvite,
  type InviteLanding, type InvitePurpose, latestInviteStatus } from './invites';
export { INVITE_STATES, InviteStatusSchema, type InviteStatusView, type InviteState } from './invite.wire';
export { renderInviteEmail, escapeHtml, safeColor, safeLogoUrl, type Branding } from './invite-email';
export { invitesModule } from './module';
export { openPortalSession, PORTAL_SESSION_IDLE_MS, PORTAL_SESSION_TOUCH_MS, touchPortalSession, PORTAL_SESSION_TTL_MS } from './portal-session';
export { findRenewableInvite } from './find-renewable-invite';
export { purgeCaseInvites } from './purge-case-invites';
