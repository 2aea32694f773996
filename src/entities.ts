/** Every TypeORM entity of the domain, one list handed to the data source by the composition root (bin/compose.ts). */
import { AuditEntry } from './audit/audit-entry.entity';
import { CaseParty } from './cases/case-party.entity';
import { Case } from './cases/case.entity';
import { Decision } from './cases/decision.entity';
import { Document } from './documents/document.entity';
import { EventRecord } from './events/event.entity';
import { OAuthClient } from './oauth/oauth-client.entity';
import { OAuthCode } from './oauth/oauth-code.entity';
import { OAuthGrant } from './oauth/oauth-grant.entity';
import { OAuthRefreshToken } from './oauth/oauth-refresh-token.entity';
import { RevokedAccessToken } from './oauth/revoked-access-token.entity';
import { AiReview } from './review/ai-review.entity';
import { ScreeningHit } from './screening/screening-hit.entity';
import { DecisionPolicy, RoutingEvaluation } from './policy/policy.entity';
import { RiskAssessment, RiskModel } from './risk/risk.entity';
import { Member } from './tenants/member.entity';
import { Tenant } from './tenants/tenant.entity';
import { WebhookAttempt } from './webhooks/webhook-attempt.entity';
import { WebhookDelivery } from './webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from './webhooks/webhook-endpoint.entity';

export const ENTITIES = [
  Tenant, Member, AuditEntry, Case, CaseParty, Decision, Document, ScreeningHit,
  EventRecord, WebhookEndpoint, WebhookDelivery, WebhookAttempt, OAuthClient, OAuthGrant, OAuthCode, OAuthRefreshToken,
  RevokedAccessToken,
  AiReview,
  RiskModel, RiskAssessment, DecisionPolicy, RoutingEvaluation,
];
