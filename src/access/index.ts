export {
  auditName, memberActor, operatorActor, systemActor, SERVICE_OPERATOR,
  type Actor, type ApiClientActor, type ConnectorActor, type MemberActor, type CustomerActor, type OperatorActor, type SystemActor, type TokenActor, type ServiceOperator,
} from './actor';
export { authorize, can, PERMISSIONS, type Permission } from './authorize';
export { viewerCan, VIEWER_ACTIONS, type ViewerCan } from './viewer-can';
export { SCOPES, MEMBER_ROLES, type Scope, type MemberRole } from './vocabulary';
export { consumePullApiRateLimit, flushPullApiRateLimits, spendConsoleOutboundBudget, type RateLimitState } from './rate-limit';
