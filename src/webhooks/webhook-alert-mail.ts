import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { escapeHtml, safeColor, safeLogoUrl, type Branding } from '../mail/index';
import { queueMail } from '../mail/index';
import { listAdminRecipients } from '../tenants/index';

/**
 * The failure-alert emails: one row per recipient in webhook_alert_mails (what the email says), written in
 * the health check's transaction with its email in the mail outbox (src/webhooks/webhook-alert.mail.ts),
 * sent after commit, retried on MAIL_RETRY_SCHEDULE and re-enqueued by the mail sweep when a job was lost.
 * Recipients: the tenant's compliance admins and admins (admins hold every compliance-admin permission, and
 * a tenant may have no compliance admin at all).
 */
export type WebhookAlertKind = 'failing' | 'recovered';

/** The alert email's kind in the mail outbox; its reference is the webhook_alert_mails row's id. */
export const WEBHOOK_ALERT_MAIL = 'webhook_alert';

/** Queues one email per recipient (in the caller's transaction); they are sent after commit. Returns how many. */
export async function queueWebhookAlertMails(
  tx: Tx,
  input: { orgId: string; endpointId: string; kind: WebhookAlertKind; incidentSince: Date; happenedAt: Date; lastError: string | null },
): Promise<number> {
  const svc = tx.services;
  const now = svc.clock.now();
  const memberIds = await listAdminRecipients(forTenant(tx.manager, input.orgId));
  // A test endpoint's alerts are kept (test mode sends no email), shown on the console's Mail page.
  const [endpoint] = (await tx.manager.query('SELECT mode FROM webhook_endpoints WHERE org_id = ? AND id = ?', [input.orgId, input.endpointId])) as { mode: 'live' | 'test' }[];
  const mode = endpoint?.mode === 'test' ? 'test' : 'live';
  for (const memberId of memberIds) {
    const res = (await tx.manager.query(
      `INSERT INTO webhook_alert_mails (org_id, endpoint_id, member_id, kind, incident_since, happened_at, last_error, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [input.orgId, input.endpointId, memberId, input.kind, input.incidentSince, input.happenedAt, input.lastError?.slice(0, 2000) ?? null, now],
    )) as { insertId: number };
    await queueMail(tx, { orgId: input.orgId, kind: WEBHOOK_ALERT_MAIL, reference: res.insertId, mode });
  }
  if (memberIds.length === 0) svc.log.warn({ orgId: input.orgId, endpointId: input.endpointId, kind: input.kind }, 'webhook alert: the tenant has no compliance admin or admin to email');
  return memberIds.length;
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
