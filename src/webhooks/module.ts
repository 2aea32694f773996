import type { FeatureModule } from '../platform/index';
import { checkWebhookHealth } from './check-webhook-health';
import { deliverWebhookTask } from './deliver-webhook.task';
import { DELIVER_WEBHOOK_TASK } from './enqueue-deliveries';
import { sendWebhookAlertMailTask } from './send-webhook-alert-mail.task';
import { SEND_WEBHOOK_ALERT_MAIL_TASK } from './webhook-alert-mail';
import { WebhookFanout } from './webhook-fanout';

/**
 * Webhooks: the fan-out subscribes to the outbox (its leftover deliveries are swept by the outbox sweep);
 * each delivery's attempts are a job; failure alerts read the attempts recorded since the last check, on
 * their own interval (one worker at a time, by a row lock), and send one email per admin and incident.
 */
export const webhooksModule: FeatureModule = {
  name: 'webhooks',
  tasks: { [DELIVER_WEBHOOK_TASK]: deliverWebhookTask, [SEND_WEBHOOK_ALERT_MAIL_TASK]: sendWebhookAlertMailTask },
  sweeps: [{ name: 'webhook health check', order: 100, every: (config) => config.webhookHealthCheckIntervalMs, run: checkWebhookHealth }],
  subscribers: () => [new WebhookFanout()],
};
