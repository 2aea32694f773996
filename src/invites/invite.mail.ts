import { advanceOnboardingStage } from '../cases/index';
import type { MailKind } from '../mail/index';
import { openSecret } from '../security/secret-box';
import type { Tx } from '../db/transaction';
import { renderInviteEmail } from './invite-email';
import { INVITE_MAIL, INVITE_SELECT, inviteLink, inviteTokenAad, type InviteRow } from './invites';

const eraseToken = (tx: Tx, orgId: string, inviteId: number) =>
  tx.manager.query('UPDATE invites SET token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND id = ?', [orgId, inviteId]);

/**
 * The invite email in the mail outbox: the tenant-branded message with the invite's magic link (its token
 * opened from the invite's sealed copy). Once the mail system accepts it, the sealed token is erased and, in
 * the same transaction, a case still at stage `created` moves to `invite_sent` with
 * case.onboarding_progress.changed (a case further along is left alone). Given up: the sealed token is erased.
 */
export const inviteMail: MailKind = {
  kind: INVITE_MAIL,
  async render(svc, mail) {
    const [row]: InviteRow[] = await svc.db.query(`${INVITE_SELECT} WHERE i.org_id = ? AND i.id = ?`, [mail.orgId, mail.reference]);
    if (!row || !row.token_sealed || !row.token_key_id) return { unsendable: 'The link was erased before it could be sent.' };
    const token = openSecret(svc.config.secretsKeys, { keyId: row.token_key_id, ciphertext: row.token_sealed }, inviteTokenAad(row.org_id, row.token_hash));
    const message = renderInviteEmail({
      branding: { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url },
      customerName: row.customer_name, companyName: row.company_name, link: inviteLink(svc.config.appUrl, token), expiresAt: row.expires_at,
    });
    return { to: row.email, fromName: row.tenant_name, ...message };
  },
  async onAccepted(tx, mail) {
    await eraseToken(tx, mail.orgId, mail.reference);
    const [invite]: { case_pk: number | string }[] = await tx.manager.query('SELECT case_pk FROM invites WHERE org_id = ? AND id = ?', [mail.orgId, mail.reference]);
    if (invite) await advanceOnboardingStage(tx, { orgId: mail.orgId, casePk: Number(invite.case_pk), stage: 'invite_sent' });
  },
  async onFailed(tx, mail) {
    await eraseToken(tx, mail.orgId, mail.reference);
  },
};
