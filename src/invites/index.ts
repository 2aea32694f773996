export {
  INVITE_MAIL, inspectInvite, redeemInvite, inviteLink, createInvite,
  type InviteLanding, type InvitePurpose,
} from './invites';
export { INVITE_STATES, InviteStatusSchema, type InviteStatusView, type InviteState } from './invite.wire';
export { renderInviteEmail, escapeHtml, safeColor, safeLogoUrl, type Branding } from './invite-email';
export { invitesModule } from './module';
