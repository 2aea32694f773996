/** Every TypeORM entity of the domain, one list handed to the data source by the composition root (compose.ts). */
import { AuditEntry } from '../src/audit/audit-entry.entity';
import { CaseParty } from '../src/cases/case-party.entity';
import { Case } from '../src/cases/case.entity';
import { Decision } from '../src/cases/decision.entity';
import { Document } from '../src/documents/document.entity';
import { EventRecord } from '../src/events/event.entity';
import { OAuthClient } from '../src/oauth/oauth-client.entity';
import { OAuthCode } from '../src/oauth/oauth-code.entity';
import { OAuthGrant } from '../src/oauth/oauth-grant.entity';
import { OAuthRefreshToken } from '../src/oauth/oauth-refresh-token.entity';
import { RevokedAccessToken } from '../src/oauth/revoked-access-token.entity';
import { AiReview } from '../src/review/ai-review.entity';
import { ScreeningHit } from '../src/screening/screening-hit.entity';
import { DecisionPolicy, RoutingEvaluation } from '../src/policy/policy.entity';
import { RiskAssessment, RiskModel } from '../src/risk/risk.entity';
import { Member } from '../src/tenants/member.entity';
import { Tenant } from '../src/tenants/tenant.entity';
import { WebhookAttempt } from '../src/webhooks/webhook-attempt.entity';
import { WebhookDelivery } from '../src/webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from '../src/webhooks/webhook-endpoint.entity';

export const ENTITIES = [
  Tenant, Member, AuditEntry, Case, CaseParty, Decision, Document, ScreeningHit,
  EventRecord, WebhookEndpoint, WebhookDelivery, WebhookAttempt, OAuthClient, OAuthGrant, OAuthCode, OAuthRefreshToken,
  RevokedAccessToken,
  AiReview,
  RiskModel, RiskAssessment, DecisionPolicy, RoutingEvaluation,
];
