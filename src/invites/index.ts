export {
  SEND_INVITE_TASK, deliverInvite, sweepInvites, inspectInvite, redeemInvite, inviteLink, PORTAL_SESSION_TTL_MS,
  type InviteLanding, type InviteStatusView, type InviteState,
} from './invites';
export { renderInviteEmail, escapeHtml, safeColor, safeLogoUrl, type Branding } from './invite-email';
