import type { TaskList } from 'graphile-worker';
import { DOCUMENT_UPLOADED_TASK } from '../../src/documents/index';
import { RELAY_TASK } from '../../src/events/index';
import { SEND_MAIL_TASK } from '../../src/mail/index';
import { REMINDER_TASK } from '../../src/outreach/index';
import { MONITORING_RUN_DUE_TASK, MONITORING_TICK_TASK } from '../../src/monitoring/index';
import { RETIRED_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK } from '../../src/oauth/index';
import { PIPELINE_STEP_TASK } from '../../src/pipeline/index';
import { type Services } from '../../src/platform/index';
import { PURGE_CHECK_TASK } from '../../src/retention/index';
import { DELIVER_WEBHOOK_TASK } from '../../src/webhooks/index';
import { casePurgeCheckTask } from './case-purge-check.task';
import { deliverWebhookTask } from './deliver-webhook.task';
import { documentUploadedTask } from './document-uploaded.task';
import { outreachReminderTask } from './outreach-reminder.task';
import { monitoringRunDueTask, monitoringTickTask } from './monitoring.task';
import { pipelineStepTask } from './pipeline-step.task';
import { relayEventsTask } from './relay-events.task';
import { retiredRemovedMemberCredentialsMailTask } from './retired-removed-member-credentials-mail.task';
import { sendMailTask } from './send-mail.task';

/** Every task the worker runs, by identifier. Tasks are thin: check the payload, call one use case. */
export function createTaskList(svc: Services): TaskList {
  return {
    [RELAY_TASK]: relayEventsTask(svc),
    // Every outgoing email (src/mail's outbox): invites, console links, intake codes, customer emails, alerts.
    [SEND_MAIL_TASK]: sendMailTask(svc),
    [DELIVER_WEBHOOK_TASK]: deliverWebhookTask(svc),
    [PIPELINE_STEP_TASK]: pipelineStepTask(svc),
    [DOCUMENT_UPLOADED_TASK]: documentUploadedTask(svc),
    // Zero retention (src/retention): the purge check after a data package's delivery reached delivered.
    [PURGE_CHECK_TASK]: casePurgeCheckTask(svc),
    // EDD and outreach (src/outreach): a case's due reminder for the items asked of its customer.
    [REMINDER_TASK]: outreachReminderTask(svc),
    // Perpetual monitoring (src/monitoring): the scheduler's tick (crontab, worker/runner.ts) and the run jobs it starts.
    [MONITORING_TICK_TASK]: monitoringTickTask(svc),
    [MONITORING_RUN_DUE_TASK]: monitoringRunDueTask(svc),
    // Retired (jobs queued before the mail outbox): becomes the outbox's email (src/oauth/removed-member-credentials-mail.ts).
    [RETIRED_REMOVED_MEMBER_CREDENTIALS_MAIL_TASK]: retiredRemovedMemberCredentialsMailTask(svc),
  };
}
