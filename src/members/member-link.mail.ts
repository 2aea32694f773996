import type { MailKind } from '../mail/index';
import { openSecret } from '../security/secret-box';
import type { Tx } from '../db/transaction';
import { renderMemberMail, type MemberTokenPurpose } from './member-mail';
import { MEMBER_LINK_MAIL, memberTokenAad, memberTokenLink } from './member-tokens';

interface TokenRow {
  org_id: string;
  purpose: MemberTokenPurpose;
  token_hash: string;
  token_sealed: string | null;
  token_key_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  member_email: string;
  member_name: string | null;
  member_role: string;
  member_removed_at: Date | null;
  tenant_name: string;
}

const eraseToken = (tx: Tx, orgId: string, tokenId: number) =>
  tx.manager.query('UPDATE member_tokens SET token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND id = ?', [orgId, tokenId]);

/**
 * The console's password-reset and invitation emails in the mail outbox: the link's token is opened from
 * the member_tokens row's sealed copy at each attempt, and erased once the mail system accepted the email
 * or it was given up. A link spent meanwhile (a newer one, a password set, the member removed) is not sent.
 * The outbox gives up a link past its expiry itself (its sendBefore).
 */
export const memberLinkMail: MailKind = {
  kind: MEMBER_LINK_MAIL,
  async render(svc, mail) {
    const [row] = (await svc.db.query(
      `SELECT t.org_id, t.purpose, t.token_hash, t.token_sealed, t.token_key_id, t.expires_at, t.used_at,
         m.email AS member_email, m.name AS member_name, m.role AS member_role, m.removed_at AS member_removed_at, o.name AS tenant_name
       FROM member_tokens t JOIN members m ON m.id = t.member_id AND m.org_id = t.org_id JOIN tenants o ON o.id = t.org_id
       WHERE t.org_id = ? AND t.id = ?`,
      [mail.orgId, mail.reference],
    )) as TokenRow[];
    if (!row || row.member_removed_at) return { unsendable: 'The member was removed before the link could be sent.' };
    if (row.used_at || !row.token_sealed || !row.token_key_id) return { unsendable: 'The link was spent before it could be sent.' };
    const token = openSecret(svc.config.secretsKeys, { keyId: row.token_key_id, ciphertext: row.token_sealed }, memberTokenAad(row.org_id, row.token_hash));
    const message = renderMemberMail({
      purpose: row.purpose, tenantName: row.tenant_name, memberName: row.member_name, memberEmail: row.member_email, role: row.member_role,
      link: memberTokenLink(svc.config.appUrl, row.purpose, token), expiresAt: new Date(row.expires_at),
    });
    return { to: row.member_email, fromName: row.tenant_name, ...message };
  },
  async onAccepted(tx, mail) {
    await eraseToken(tx, mail.orgId, mail.reference);
  },
  async onFailed(tx, mail) {
    await eraseToken(tx, mail.orgId, mail.reference);
  },
};
