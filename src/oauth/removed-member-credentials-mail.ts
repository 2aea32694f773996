import { forTenant } from '../db/index';
import { inTransaction, type Tx } from '../db/transaction';
import { queueMail, renderBrandedEmail, type Branding } from '../mail/index';
import type { Services } from '../services';
import { listAdminRecipients } from '../tenants/index';

/**
 * When a member is removed, the pull-API credentials they created keep working (a CRM integration must
 * not stop because its author left), so the tenant's compliance admins and admins are told which ones
 * there are, to revoke or rotate them: one email per admin, a row of removed_member_credential_mails
 * (who was removed, who is told) written in the removal's transaction with its email in the mail outbox,
 * so that a crash between the commit and the queue loses none (the mail sweep re-enqueues it). The list is
 * read when the email is sent (credentials revoked meanwhile are left out; none left, no email).
 */
export const REMOVED_MEMBER_CREDENTIALS_MAIL = 'removed_member_credentials';

interface ClientRow {
  id: string;
  name: string;
  scopes: string | string[];
  created_at: Date;
  last_used_at: Date | null;
}

/** The live pull-API credentials a member created, oldest first. */
export const liveClientsOf = (db: Pick<Tx['manager'], 'query'>, orgId: string, memberId: string) =>
  db.query(
    `SELECT id, name, scopes, created_at, last_used_at FROM oauth_clients
     WHERE org_id = ? AND created_by_member_id = ? AND kind = 'api' AND revoked_at IS NULL ORDER BY created_at, id`,
    [orgId, memberId],
  ) as Promise<ClientRow[]>;

/** Queues the email to one admin, in the caller's transaction. */
async function queueFor(tx: Tx, input: { orgId: string; memberId: string; recipientId: string }): Promise<void> {
  const res = (await tx.manager.query(
    'INSERT INTO removed_member_credential_mails (org_id, member_id, recipient_id, created_at) VALUES (?, ?, ?, ?)',
    [input.orgId, input.memberId, input.recipientId, tx.services.clock.now()],
  )) as { insertId: number };
  await queueMail(tx, { orgId: input.orgId, kind: REMOVED_MEMBER_CREDENTIALS_MAIL, reference: res.insertId });
}

/**
 * In the removal's transaction (the member already marked removed): how many live credentials the
 * member created and, when there are any, one email per admin queued in the mail outbox.
 */
export async function queueRemovedMemberCredentialsMail(tx: Tx, input: { orgId: string; memberId: string }): Promise<number> {
  const clients = await liveClientsOf(tx.manager, input.orgId, input.memberId);
  if (!clients.length) return 0;
  // The removed member is already marked removed, so they are not among the recipients.
  for (const recipientId of await listAdminRecipients(forTenant(tx.manager, input.orgId))) await queueFor(tx, { ...input, recipientId });
  return clients.length;
}

/**
 * The task identifier of this email before the mail outbox, with payload {orgId, memberId, recipientId}: a
 * job of it still queued from an older release is turned into the outbox's email (retired: remove once no
 * such job is left in any queue).
 */
export const RETIRED_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK = 'send-removed-member-credentials-mail';

/** Turns a retired job (see RETIRED_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK) into the outbox's email. */
export async function requeueRetiredRemovedMemberCredentialsMail(svc: Services, job: { orgId: string; memberId: string; recipientId: string }): Promise<void> {
  await inTransaction(svc, (tx) => queueFor(tx, job));
}

const when = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** The email: tenant-branded, listing each credential with its scopes and when it was last used. */
export function renderRemovedMemberCredentialsMail(input: {
  branding: Branding; recipientName: string | null; member: string;
  clients: { clientId: string; name: string; scopes: string[]; lastUsedAt: Date | null }[]; link: string;
}): { subject: string; text: string; html: string } {
  return renderBrandedEmail({
    branding: input.branding,
    subject: `${input.branding.name}: API credentials created by a removed member`,
    greeting: input.recipientName ? `Hello ${input.recipientName},` : 'Hello,',
    paragraphs: [
      `${input.member} was removed from ${input.branding.name}. These pull-API credentials they created still work: `
        + 'revoke the ones nobody needs, and rotate the secret of the others (the removed member may have kept a copy).',
    ],
    items: input.clients.map((c) => `${c.name} (${c.clientId}): ${c.scopes.join(' ')}; last used ${c.lastUsedAt ? when(c.lastUsedAt) : 'never'}`),
    action: { label: 'Open API credentials', url: input.link },
    footer: ['The console marks these credentials "created by a removed member".'],
  });
}
