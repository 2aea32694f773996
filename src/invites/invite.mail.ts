import { advanceOnboardingStage } from '../cases/index';
import type { MailKind } from '../mail/index';
import { openSecret } from '../security/secret-box';
import { renderInviteEmail } from './invite-email';
import { INVITE_MAIL, eraseInviteToken, findInvite, inviteLink, inviteTokenAad } from './invites';

/**
 * The invite email in the mail outbox: the tenant-branded message with the invite's magic link (its token
 * opened from the invite's sealed copy). Once the mail system accepts it, the sealed token is erased and, in
 * the same transaction, a case still at stage `created` moves to `invite_sent` with
 * case.onboarding_progress.changed (a case further along is left alone). Given up: the sealed token is erased.
 */
export const inviteMail: MailKind = {
  kind: INVITE_MAIL,
  async render(svc, mail) {
    const invite = await findInvite(svc.db, mail.orgId, mail.reference);
    if (!invite || !invite.tokenSealed || !invite.tokenKeyId) return { unsendable: 'The link was erased before it could be sent.' };
    const token = openSecret(svc.config.secretsKeys, { keyId: invite.tokenKeyId, ciphertext: invite.tokenSealed }, inviteTokenAad(invite.orgId, invite.tokenHash));
    const message = renderInviteEmail({
      branding: { name: invite.tenantName, brandColor: invite.brandColor, logoUrl: invite.logoUrl },
      customerName: invite.customerName, companyName: invite.companyName, link: inviteLink(svc.config.appUrl, token), expiresAt: invite.expiresAt,
    });
    return { to: invite.email, fromName: invite.tenantName, ...message };
  },
  async onAccepted(tx, mail) {
    await eraseInviteToken(tx.manager, mail.orgId, mail.reference);
    const invite = await findInvite(tx.manager, mail.orgId, mail.reference);
    if (invite) await advanceOnboardingStage(tx, { orgId: mail.orgId, casePk: invite.casePk, stage: 'invite_sent' });
  },
  async onFailed(tx, mail) {
    await eraseInviteToken(tx.manager, mail.orgId, mail.reference);
  },
};
