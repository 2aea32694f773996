import type { Tx } from '../db/transaction';
import { renderBrandedEmail, type Branding } from '../mail/index';
import type { Services } from '../services';
import { listAdminRecipients } from '../tenants/list-admin-recipients';

/**
 * When a member is removed, the pull-API credentials they created keep working (a CRM integration must
 * not stop because its author left), so the tenant's compliance admins and admins are told which ones
 * there are, to revoke or rotate them: one email per admin, sent by the job of this task after the
 * removal commits (payload {orgId, memberId, recipientId}; graphile-worker retries a refused send).
 * The list is read when the email is sent (credentials revoked meanwhile are left out; none left, no email).
 */
export const SEND_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK = 'send-removed-member-credentials-mail';

export interface RemovedMemberCredentialsMailJob {
  orgId: string;
  memberId: string;
  recipientId: string;
}

interface ClientRow {
  id: string;
  name: string;
  scopes: string | string[];
  created_at: Date;
  last_used_at: Date | null;
}

const liveClientsOf = (db: Pick<Tx['manager'], 'query'>, orgId: string, memberId: string) =>
  db.query(
    `SELECT id, name, scopes, created_at, last_used_at FROM oauth_clients
     WHERE org_id = ? AND created_by_member_id = ? AND kind = 'api' AND revoked_at IS NULL ORDER BY created_at, id`,
    [orgId, memberId],
  ) as Promise<ClientRow[]>;

/**
 * In the removal's transaction (the member already marked removed): how many live credentials the
 * member created and, when there are any, one email job per admin enqueued after commit.
 */
export async function queueRemovedMemberCredentialsMail(tx: Tx, input: { orgId: string; memberId: string }): Promise<number> {
  const clients = await liveClientsOf(tx.manager, input.orgId, input.memberId);
  if (!clients.length) return 0;
  // The removed member is already marked removed, so they are not among the recipients.
  const recipientIds = await listAdminRecipients(tx.manager, input.orgId);
  const svc = tx.services;
  tx.afterCommit(async () => {
    for (const recipientId of recipientIds) {
      const payload = { orgId: input.orgId, memberId: input.memberId, recipientId } satisfies RemovedMemberCredentialsMailJob;
      await svc.jobs.enqueue(SEND_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK, payload, { jobKey: `${SEND_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK}:${input.memberId}:${recipientId}` });
    }
  });
  return clients.length;
}

/** Sends one admin the list (the job). 'skipped' when the recipient is gone or no credential is left. */
export async function sendRemovedMemberCredentialsMail(svc: Services, job: RemovedMemberCredentialsMailJob): Promise<'sent' | 'skipped'> {
  const [people] = (await svc.db.query(
    `SELECT r.email AS recipient_email, r.name AS recipient_name, m.email AS member_email, m.name AS member_name,
       o.name AS tenant_name, o.brand_color, o.logo_url
     FROM members r JOIN members m ON m.org_id = r.org_id AND m.id = ? JOIN tenants o ON o.id = r.org_id
     WHERE r.org_id = ? AND r.id = ? AND r.removed_at IS NULL`,
    [job.memberId, job.orgId, job.recipientId],
  )) as {
    recipient_email: string; recipient_name: string | null; member_email: string; member_name: string | null; tenant_name: string; brand_color: string; logo_url: string | null;
  }[];
  if (!people) return 'skipped';
  const clients = await liveClientsOf(svc.db, job.orgId, job.memberId);
  if (!clients.length) return 'skipped';
  const mail = renderRemovedMemberCredentialsMail({
    branding: { name: people.tenant_name, brandColor: people.brand_color, logoUrl: people.logo_url }, recipientName: people.recipient_name,
    member: people.member_name ? `${people.member_name} (${people.member_email})` : people.member_email,
    clients: clients.map((c) => ({
      clientId: c.id, name: c.name, scopes: typeof c.scopes === 'string' ? (JSON.parse(c.scopes) as string[]) : c.scopes,
      lastUsedAt: c.last_used_at ? new Date(c.last_used_at) : null,
    })),
    link: `${svc.config.appUrl}/console/settings/credentials`,
  });
  await svc.mailer.send({ orgId: job.orgId, to: people.recipient_email, fromName: people.tenant_name, ...mail });
  svc.log.info({ orgId: job.orgId, memberId: job.memberId, recipientId: job.recipientId, clients: clients.length }, 'removed-member credentials email accepted');
  return 'sent';
}

const when = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

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
