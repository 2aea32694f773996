import type { TaskList } from 'graphile-worker';
import { DOCUMENT_UPLOADED_TASK } from '../../src/documents/index';
import { RELAY_TASK } from '../../src/events/index';
import { SEND_INTAKE_CODE_TASK } from '../../src/intake/index';
import { SEND_INVITE_TASK } from '../../src/invites/index';
import { REMINDER_TASK, SEND_CUSTOMER_EMAIL_TASK } from '../../src/outreach/index';
import { MONITORING_RUN_DUE_TASK, MONITORING_TICK_TASK } from '../../src/monitoring/index';
import { SEND_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK } from '../../src/oauth/index';
import { PIPELINE_STEP_TASK } from '../../src/pipeline/index';
import { type Services } from '../../src/platform/index';
import { PURGE_CHECK_TASK } from '../../src/retention/index';
import { SEND_MEMBER_MAIL_TASK } from '../../src/tenants/index';
import { DELIVER_WEBHOOK_TASK, SEND_WEBHOOK_ALERT_MAIL_TASK } from '../../src/webhooks/index';
import { casePurgeCheckTask } from './case-purge-check.task';
import { deliverWebhookTask } from './deliver-webhook.task';
import { documentUploadedTask } from './document-uploaded.task';
import { outreachReminderTask } from './outreach-reminder.task';
import { monitoringRunDueTask, monitoringTickTask } from './monitoring.task';
import { pipelineStepTask } from './pipeline-step.task';
import { relayEventsTask } from './relay-events.task';
import { sendCustomerEmailTask } from './send-customer-email.task';
import { sendIntakeCodeTask } from './send-intake-code.task';
import { sendInviteTask } from './send-invite.task';
import { sendMemberMailTask } from './send-member-mail.task';
import { sendRemovedMemberCredentialsMailTask } from './send-removed-member-credentials-mail.task';
import { sendWebhookAlertMailTask } from './send-webhook-alert-mail.task';

/** Every task the worker runs, by identifier. Tasks are thin: check the payload, call one use case. */
export function createTaskList(svc: Services): TaskList {
  return {
    [RELAY_TASK]: relayEventsTask(svc),
    [SEND_INVITE_TASK]: sendInviteTask(svc),
    [DELIVER_WEBHOOK_TASK]: deliverWebhookTask(svc),
    [PIPELINE_STEP_TASK]: pipelineStepTask(svc),
    [SEND_MEMBER_MAIL_TASK]: sendMemberMailTask(svc),
    // Webhook failure alerts (src/webhooks/check-webhook-health.ts): one email per admin and incident.
    [SEND_WEBHOOK_ALERT_MAIL_TASK]: sendWebhookAlertMailTask(svc),
    [DOCUMENT_UPLOADED_TASK]: documentUploadedTask(svc),
    [SEND_INTAKE_CODE_TASK]: sendIntakeCodeTask(svc),
    // Customer-facing emails other than the invite (src/outreach): IDV links, EDD requests, outreach, reminders.
    [SEND_CUSTOMER_EMAIL_TASK]: sendCustomerEmailTask(svc),
    // Zero retention (src/retention): the purge check after a data package's delivery reached delivered.
    [PURGE_CHECK_TASK]: casePurgeCheckTask(svc),
    // EDD and outreach (src/outreach): a case's due reminder for the items asked of its customer.
    [REMINDER_TASK]: outreachReminderTask(svc),
    // Perpetual monitoring (src/monitoring): the scheduler's tick (crontab, worker/runner.ts) and the run jobs it starts.
    [MONITORING_TICK_TASK]: monitoringTickTask(svc),
    [MONITORING_RUN_DUE_TASK]: monitoringRunDueTask(svc),
    // A removed member's API credentials, listed for each admin (src/oauth/removed-member-credentials-mail.ts).
    [SEND_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK]: sendRemovedMemberCredentialsMailTask(svc),
  };
}
