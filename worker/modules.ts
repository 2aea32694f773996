import { auditSealModule } from '../src/audit-seal/index';
import { caseMetricsModule } from '../src/case-metrics/index';
import { customerEmailsModule } from '../src/customer-emails/index';
import { documentsModule } from '../src/documents/index';
import { eddModule } from '../src/edd/index';
import { eventsModule } from '../src/events/index';
import { idempotencyModule } from '../src/idempotency/index';
import { intakeModule } from '../src/intake/index';
import { invitesModule } from '../src/invites/index';
import { mailModule } from '../src/mail/index';
import { membersModule } from '../src/members/index';
import { monitoringModule } from '../src/monitoring/index';
import { notificationsModule } from '../src/notifications/index';
import { oauthModule } from '../src/oauth/index';
import { outreachModule } from '../src/outreach/index';
import { pipelineModule } from '../src/pipeline/index';
import { type FeatureModule } from '../src/platform/index';
import { retentionModule } from '../src/retention/index';
import { slaModule } from '../src/sla/index';
import { webhooksModule } from '../src/webhooks/index';
import { workQueuesModule } from '../src/work-queues/index';

/**
 * The one list of feature modules that contribute to the running service: the worker's task list
 * (worker/tasks/index.ts), sweep chain and crontab (worker/runner.ts), and the outbox's subscribers and the
 * hooks' handlers and the kinds of email (bin/compose.ts) are built from
 * it. A feature that contributes any of these adds its module (exported by its index.ts) here.
 */
export const FEATURE_MODULES: readonly FeatureModule[] = [
  eventsModule,
  mailModule,
  invitesModule,
  idempotencyModule,
  membersModule,
  oauthModule,
  customerEmailsModule,
  outreachModule,
  intakeModule,
  documentsModule,
  eddModule,
  retentionModule,
  pipelineModule,
  webhooksModule,
  monitoringModule,
  workQueuesModule,
  slaModule,
  notificationsModule,
  caseMetricsModule,
  auditSealModule,
];
