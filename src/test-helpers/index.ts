// Test helpers (issue 31): with test credentials and the opt-in scope test_helpers, an integrator moves a test case
// along as the customer, the people verifying their identity, the watchlist, an analyst and monitoring would, each
// through the owning feature's own use cases (so the events are the real steps'), and advances the tenant's test clock.
export { requireTestPrincipal, LIVE_CREDENTIAL_MESSAGE } from './require-test-principal';
export { submitTestApplication } from './submit-test-application';
export { verifyTestIdentity } from './verify-test-identity';
export { recordTestScreeningHit } from './record-test-screening-hit';
export { decideTestCase } from './decide-test-case';
export { raiseTestMonitoringAlert } from './raise-test-monitoring-alert';
export { advanceTestClock } from './advance-test-clock';
export { TEST_ANALYST_NAME, testAnalystEmail } from './test-analyst';
export {
  TestSubmitRequestSchema, TestPartySchema, TestVerifyIdentityRequestSchema, TestScreeningHitRequestSchema, TestDecideRequestSchema,
  TestMonitoringAlertRequestSchema, TestClockAdvanceRequestSchema, TestClockSchema, GENERATED_DOCUMENT_KINDS, MONITORING_ALERT_TYPES,
  type TestClockView,
} from './test-helpers.wire';
