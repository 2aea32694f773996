import { inTransaction, type Tx } from '../db/transaction';
import { escapeHtml, safeColor, safeLogoUrl, type Branding } from '../invites/invite-email';
import { planMailRetry } from '../mail/mail-retry';
import { listAdminRecipients } from '../tenants/index';
import type { Services } from '../services';

/**
 * The failure-alert emails (table webhook_alert_mails, a durable outbox): one row per recipient, written
 * in the health check's transaction, sent by the send-webhook-alert-mail job after commit (payload
 * `{mailId}` alone), retried on MAIL_RETRY_SCHEDULE like the console's member mail, and re-enqueued by
 * the health check when a job was lost. Recipients: the tenant's compliance admins and admins (admins
 * hold every compliance-admin permission, and a tenant may have no compliance admin at all).
 */
export const SEND_WEBHOOK_ALERT_MAIL_TASK = 'send-webhook-alert-mail';
export type WebhookAlertKind = 'failing' | 'recovered';

const LEASE_MS = 60_000;
const SWEEP_GRACE_MS = 30_000;
const jobKey = (id: number) => `${SEND_WEBHOOK_ALERT_MAIL_TASK}:${id}`;

/** Queues one email per recipient (in the caller's transaction); the jobs are enqueued after commit. Returns how many. */
export async function queueWebhookAlertMails(
  tx: Tx,
  input: { orgId: string; endpointId: string; kind: WebhookAlertKind; incidentSince: Date; happenedAt: Date; lastError: string | null },
): Promise<number> {
  const svc = tx.services;
  const now = svc.clock.now();
  const memberIds = await listAdminRecipients(tx.manager, input.orgId);
  const ids: number[] = [];
  for (const memberId of memberIds) {
    const res = (await tx.manager.query(
      `INSERT INTO webhook_alert_mails (org_id, endpoint_id, member_id, kind, incident_since, happened_at, last_error, mail_state, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      [input.orgId, input.endpointId, memberId, input.kind, input.incidentSince, input.happenedAt, input.lastError?.slice(0, 2000) ?? null, now, now],
    )) as { insertId: number };
    ids.push(Number(res.insertId));
  }
  if (memberIds.length === 0) svc.log.warn({ orgId: input.orgId, endpointId: input.endpointId, kind: input.kind }, 'webhook alert: the tenant has no compliance admin or admin to email');
  tx.afterCommit(async () => {
    for (const id of ids) await svc.jobs.enqueue(SEND_WEBHOOK_ALERT_MAIL_TASK, { mailId: id }, { jobKey: jobKey(id) });
  });
  return ids.length;
}

interface MailRow {
  id: number;
  org_id: string;
  kind: WebhookAlertKind;
  incident_since: Date;
  happened_at: Date;
  last_error: string | null;
  attempts: number;
  member_email: string;
  member_name: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
  endpoint_label: string;
  endpoint_url: string;
}

/** Sends one alert email (the job). Idempotent: a mail already sent, failed or leased by another run is left alone. */
export async function deliverWebhookAlertMail(svc: Services, mailId: number): Promise<'sent' | 'retry' | 'failed' | 'skipped'> {
  const now = svc.clock.now();
  const leased = (await svc.db.query(
    `UPDATE webhook_alert_mails SET lease_until = ? WHERE id = ? AND mail_state = 'pending' AND (lease_until IS NULL OR lease_until < ?)`,
    [new Date(now.getTime() + LEASE_MS), mailId, now],
  )) as { affectedRows: number };
  if (Number(leased.affectedRows) !== 1) return 'skipped';
  const [row] = (await svc.db.query(
    `SELECT a.id, a.org_id, a.kind, a.incident_since, a.happened_at, a.last_error, a.attempts,
       m.email AS member_email, m.name AS member_name, o.name AS tenant_name, o.brand_color, o.logo_url, e.label AS endpoint_label, e.url AS endpoint_url
     FROM webhook_alert_mails a
     JOIN members m ON m.id = a.member_id AND m.org_id = a.org_id
     JOIN tenants o ON o.id = a.org_id
     JOIN webhook_endpoints e ON e.id = a.endpoint_id AND e.org_id = a.org_id
     WHERE a.id = ? AND m.removed_at IS NULL`,
    [mailId],
  )) as MailRow[];
  if (!row) {
    await svc.db.query(`UPDATE webhook_alert_mails SET mail_state = 'failed', send_error = 'The recipient was removed.', lease_until = NULL WHERE id = ?`, [mailId]);
    return 'skipped';
  }
  const mail = renderWebhookAlertMail({
    kind: row.kind, branding: { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url }, memberName: row.member_name,
    endpoint: row.endpoint_label ? `${row.endpoint_label} (${row.endpoint_url})` : row.endpoint_url, incidentSince: new Date(row.incident_since),
    happenedAt: new Date(row.happened_at), lastError: row.last_error, link: `${svc.config.appUrl}/console/settings/webhooks`,
  });
  try {
    const receipt = await svc.mailer.send({ orgId: row.org_id, to: row.member_email, fromName: row.tenant_name, ...mail });
    await svc.db.query(
      `UPDATE webhook_alert_mails SET mail_state = 'sent', attempts = attempts + 1, accepted_at = ?, send_error = NULL, lease_until = NULL, next_attempt_at = NULL WHERE id = ?`,
      [svc.clock.now(), mailId],
    );
    svc.log.info({ orgId: row.org_id, mailId, kind: row.kind, transport: receipt.transport }, 'webhook alert email accepted');
    return 'sent';
  } catch (err) {
    const { attempts, message, final, nextAt } = planMailRetry(svc, Number(row.attempts), err);
    await inTransaction(svc, async (tx) => {
      await tx.manager.query(
        'UPDATE webhook_alert_mails SET attempts = ?, send_error = ?, mail_state = ?, next_attempt_at = ?, lease_until = NULL WHERE id = ?',
        [attempts, message, final ? 'failed' : 'pending', nextAt, mailId],
      );
      if (nextAt) tx.afterCommit(() => svc.jobs.enqueue(SEND_WEBHOOK_ALERT_MAIL_TASK, { mailId }, { jobKey: jobKey(mailId), runAt: nextAt }));
    });
    svc.log.warn({ orgId: row.org_id, mailId, kind: row.kind, attempts, final, error: message }, 'webhook alert email not accepted');
    return final ? 'failed' : 'retry';
  }
}

/** Re-enqueues alert emails whose job was lost (a crash between commit and enqueue). Run by the health check. */
export async function sweepWebhookAlertMails(svc: Services): Promise<number> {
  const now = svc.clock.now();
  const rows = (await svc.db.query(
    `SELECT id FROM webhook_alert_mails WHERE mail_state = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
     ORDER BY next_attempt_at LIMIT 100`,
    [new Date(now.getTime() - SWEEP_GRACE_MS), now],
  )) as { id: number | string }[];
  for (const { id } of rows) await svc.jobs.enqueue(SEND_WEBHOOK_ALERT_MAIL_TASK, { mailId: Number(id) }, { jobKey: jobKey(Number(id)) });
  return rows.length;
}

export interface WebhookAlertMailInput {
  kind: WebhookAlertKind;
  branding: Branding;
  memberName: string | null;
  /** The endpoint in words: its label and URL. */
  endpoint: string;
  incidentSince: Date;
  /** When the incident was detected (failing) or the first success after it (recovered). */
  happenedAt: Date;
  lastError: string | null;
  /** The console's Webhooks page. */
  link: string;
}

const when = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** The alert and recovery emails: tenant-branded HTML with a plain-text part saying the same. */
export function renderWebhookAlertMail(input: WebhookAlertMailInput): { subject: string; text: string; html: string } {
  const { branding } = input;
  const failing = input.kind === 'failing';
  const subject = failing
    ? `${branding.name}: webhook deliveries are failing to ${input.endpoint}`
    : `${branding.name}: webhook deliveries to ${input.endpoint} work again`;
  const greeting = input.memberName ? `Hello ${input.memberName},` : 'Hello,';
  const lines = failing
    ? [
      `Every webhook delivery to ${input.endpoint} has failed since ${when(input.incidentSince)}, with no success since then.`,
      ...(input.lastError ? [`The last failure: ${input.lastError}`] : []),
      'The endpoint stays active: the service keeps retrying each delivery on its schedule and never pauses it for you. '
        + 'Deliveries that use up their retries end as failed; once the receiver works again, recover them from the Recent deliveries page (or redeliver them one by one).',
    ]
    : [
      `Webhook deliveries to ${input.endpoint} work again: the first success came at ${when(input.happenedAt)}, after failures since ${when(input.incidentSince)}.`,
      'Deliveries that failed meanwhile are not sent again by themselves: recover them from the Recent deliveries page.',
    ];
  const text = [greeting, '', ...lines.flatMap((l) => [l, '']), `Webhooks in the console: ${input.link}`, '', `— ${branding.name}`].join('\n');
  const color = safeColor(branding.brandColor);
  const logo = safeLogoUrl(branding.logoUrl);
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};padding:20px 28px;color:#ffffff;font-size:20px;font-weight:bold">${logo ? `<img src="${e(logo)}" alt="${e(branding.name)}" height="32" style="vertical-align:middle;margin-right:12px">` : ''}${e(branding.name)}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px">${e(greeting)}</p>
${lines.map((l) => `<p style="margin:0 0 16px">${e(l)}</p>`).join('\n')}
<p style="margin:8px 0 0"><a href="${e(input.link)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:bold">Open Webhooks</a></p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
