import type { MailKind } from '../mail/index';
import { liveClientsOf, REMOVED_MEMBER_CREDENTIALS_MAIL, renderRemovedMemberCredentialsMail } from './removed-member-credentials-mail';

interface PeopleRow {
  org_id: string;
  member_id: string;
  recipient_email: string;
  recipient_name: string | null;
  member_email: string;
  member_name: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
}

/**
 * The email to one admin in the mail outbox: the removed member's credentials still live when it is sent.
 * A recipient removed meanwhile, or no credential left, and nothing is sent.
 */
export const removedMemberCredentialsMail: MailKind = {
  kind: REMOVED_MEMBER_CREDENTIALS_MAIL,
  async render(svc, mail) {
    const [people] = (await svc.db.query(
      `SELECT n.org_id, n.member_id, r.email AS recipient_email, r.name AS recipient_name, m.email AS member_email, m.name AS member_name,
         o.name AS tenant_name, o.brand_color, o.logo_url
       FROM removed_member_credential_mails n
       JOIN members r ON r.org_id = n.org_id AND r.id = n.recipient_id
       JOIN members m ON m.org_id = n.org_id AND m.id = n.member_id
       JOIN tenants o ON o.id = n.org_id
       WHERE n.org_id = ? AND n.id = ? AND r.removed_at IS NULL`,
      [mail.orgId, mail.reference],
    )) as PeopleRow[];
    if (!people) return { unsendable: 'The recipient was removed.' };
    const clients = await liveClientsOf(svc.db, people.org_id, people.member_id);
    if (!clients.length) return { unsendable: 'No credential of the removed member is left.' };
    const message = renderRemovedMemberCredentialsMail({
      branding: { name: people.tenant_name, brandColor: people.brand_color, logoUrl: people.logo_url }, recipientName: people.recipient_name,
      member: people.member_name ? `${people.member_name} (${people.member_email})` : people.member_email,
      clients: clients.map((c) => ({
        clientId: c.id, name: c.name, scopes: typeof c.scopes === 'string' ? (JSON.parse(c.scopes) as string[]) : c.scopes,
        lastUsedAt: c.last_used_at ? new Date(c.last_used_at) : null,
      })),
      link: `${svc.config.appUrl}/console/settings/credentials`,
    });
    return { to: people.recipient_email, fromName: people.tenant_name, ...message };
  },
};
