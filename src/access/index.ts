export {
  auditName, principalMode, restrictedMode, memberActor, operatorActor, systemActor, SERVICE_OPERATOR,
  type Actor, type ApiClientActor, type ConnectorActor, type MemberActor, type MemberSecondFactor, type CustomerActor, type OperatorActor, type SystemActor, type TokenActor, type ServiceOperator,
} from './actor';
export { authorize, can, requireStepUp, ENROLMENT_PERMISSIONS, STEP_UP_WINDOW_MS, PERMISSIONS, type Permission } from './authorize';
export { viewerCan, VIEWER_ACTIONS, type ViewerCan } from './viewer-can';
export { SCOPES, MEMBER_ROLES, MODES, TEST_CLIENT_PREFIX, type Scope, type MemberRole, type Mode } from './vocabulary';
export { consumePullApiRateLimit, flushPullApiRateLimits, refusalCounted, spendConsoleOutboundBudget, type RateLimitState } from './rate-limit';
export { addressAllowed, addressNotAllowed, normaliseAllowList, ADDRESS_NOT_ALLOWED, ALLOW_LIST_MAX_ENTRIES } from './address-allow-list';
export { announceRevocation, announceRevocationAfterCommit } from './announce-revocation';
