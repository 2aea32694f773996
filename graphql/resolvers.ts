import type { NonEmptyArray } from 'type-graphql';
import { AiReviewResolver } from './ai-review.resolver';
import { AuditChainResolver } from './audit-chain.resolver';
import { CaseRetentionResolver, RetentionResolver } from './retention.resolver';
import { CredentialsResolver } from './credentials.resolver';
import { CaseWorkResolver } from './case-work.resolver';
import { CasesResolver } from './cases.resolver';
import { CaseViewsResolver } from './case-views.resolver';
import { BulkCasesResolver } from './bulk-cases.resolver';
import { CaseImportResolver } from './case-import.resolver';
import { EddOutreachResolver } from './edd-outreach.resolver';
import { HealthResolver } from './health.resolver';
import { IdentityVerificationResolver } from './identity-verification.resolver';
import { IntakeResolver, PublicIntakeQrResolver } from './intake.resolver';
import { KeptMailResolver, ViewerKeptMailResolver } from './kept-mail.resolver';
import { OrganisationResolver } from './organisation.resolver';
import { WebhookDeliveryCaseResolver, WebhookEndpointHealthResolver, WebhooksResolver } from './webhooks.resolver';
import { MembersResolver } from './members.resolver';
import { SessionResolver } from './session.resolver';
import { SecondFactorsResolver } from './second-factors.resolver';
import { SsoResolver } from './sso.resolver';
import { RiskPolicyResolver } from './risk-policy.resolver';
import { ScreeningResolver } from './screening.resolver';
import { ScreeningSettingsResolver } from './screening-settings.resolver';
import { PersonsResolver } from './persons.resolver';
import { MonitoringResolver } from './monitoring.resolver';
import { MonitoringReviewsResolver } from './monitoring-reviews.resolver';
import { WorkQueuesResolver } from './work-queues.resolver';
import { CaseMetricsResolver } from './case-metrics.resolver';
import { CaseNotesResolver, CaseNoteVersionsResolver } from './case-notes.resolver';
import { NotificationsResolver } from './notifications.resolver';
import { SlaResolver } from './sla.resolver';
import { ProvenanceResolver } from './provenance.resolver';

/** Every resolver class of the console schema. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [
  HealthResolver,
  WebhooksResolver,
  WebhookEndpointHealthResolver,
  WebhookDeliveryCaseResolver,
  CredentialsResolver,
  OrganisationResolver,
  AuditChainResolver,
  RetentionResolver,
  CaseRetentionResolver,
  SessionResolver,
  SecondFactorsResolver,
  SsoResolver,
  MembersResolver,
  CasesResolver,
  CaseWorkResolver,
  CaseViewsResolver,
  BulkCasesResolver,
  CaseImportResolver,
  IntakeResolver,
  PublicIntakeQrResolver,
  KeptMailResolver,
  ViewerKeptMailResolver,
  AiReviewResolver,
  RiskPolicyResolver,
  ScreeningResolver,
  ScreeningSettingsResolver,
  PersonsResolver,
  EddOutreachResolver,
  IdentityVerificationResolver,
  MonitoringResolver,
  MonitoringReviewsResolver,
  WorkQueuesResolver,
  CaseMetricsResolver,
  CaseNotesResolver,
  CaseNoteVersionsResolver,
  NotificationsResolver,
  SlaResolver,
  ProvenanceResolver,
];
