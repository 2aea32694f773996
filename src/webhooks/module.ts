import type { FeatureModule } from '../platform/index';
import { checkWebhookHealth } from './check-webhook-health';
import { deliverWebhookTask } from './deliver-webhook.task';
import { DELIVER_WEBHOOK_TASK } from './enqueue-deliveries';
import { webhookAlertMail } from './webhook-alert.mail';
import { WebhookFanout } from './webhook-fanout';

/**
 * Webhooks: the fan-out subscribes to the outbox (its leftover deliveries are swept by the outbox sweep) and
 * each delivery's attempts are a job;
 * failure alerts read the attempts recorded since the last check, on their own interval (one worker at a
 * time, by a row lock), and are emailed through the mail outbox (a kind of it).
 */
export const webhooksModule: FeatureModule = {
  name: 'webhooks',
  tasks: { [DELIVER_WEBHOOK_TASK]: deliverWebhookTask },
  sweeps: [{ name: 'webhook health check', order: 100, every: (config) => config.webhookHealthCheckIntervalMs, run: checkWebhookHealth }],
  subscribers: () => [new WebhookFanout()],
  mail: [webhookAlertMail],
};
