import type { MailKind } from '../mail/index';
import { renderWebhookAlertMail, WEBHOOK_ALERT_MAIL, type WebhookAlertKind } from './webhook-alert-mail';

interface AlertRow {
  kind: WebhookAlertKind;
  incident_since: Date;
  happened_at: Date;
  last_error: string | null;
  member_email: string;
  member_name: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
  endpoint_label: string;
  endpoint_url: string;
}

/**
 * A webhook failure-alert or recovery email in the mail outbox, rendered from its webhook_alert_mails row
 * with the recipient's and the endpoint's current names. A recipient removed meanwhile gets nothing.
 */
export const webhookAlertMail: MailKind = {
  kind: WEBHOOK_ALERT_MAIL,
  async render(svc, mail) {
    const [row] = (await svc.db.query(
      `SELECT a.kind, a.incident_since, a.happened_at, a.last_error,
         m.email AS member_email, m.name AS member_name, o.name AS tenant_name, o.brand_color, o.logo_url, e.label AS endpoint_label, e.url AS endpoint_url
       FROM webhook_alert_mails a
       JOIN members m ON m.id = a.member_id AND m.org_id = a.org_id
       JOIN tenants o ON o.id = a.org_id
       JOIN webhook_endpoints e ON e.id = a.endpoint_id AND e.org_id = a.org_id
       WHERE a.org_id = ? AND a.id = ? AND m.removed_at IS NULL`,
      [mail.orgId, mail.reference],
    )) as AlertRow[];
    if (!row) return { unsendable: 'The recipient was removed.' };
    const message = renderWebhookAlertMail({
      kind: row.kind, branding: { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url }, memberName: row.member_name,
      endpoint: row.endpoint_label ? `${row.endpoint_label} (${row.endpoint_url})` : row.endpoint_url, incidentSince: new Date(row.incident_since),
      happenedAt: new Date(row.happened_at), lastError: row.last_error, link: `${svc.config.appUrl}/console/settings/webhooks`,
    });
    return { to: row.member_email, fromName: row.tenant_name, ...message };
  },
};
