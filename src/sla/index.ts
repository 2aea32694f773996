// SLAs for cases (issue 26): a tenant's policy (a target per open status, business hours, pausing while the
// case waits on the customer), each open case's clock (case_slas) kept from its events, the at-risk email,
// and the breaches work queues count. Reads cases through src/cases' exports; src/cases never imports it.
// Test cases have clocks too, on the tenant's test clock (src/test-clock), marked test: live figures never count them.
export { SLA_STATES, WEEK_DAYS, AT_RISK_SHARE, MAX_TARGET_HOURS, type SlaState, type WeekDay, type SlaPolicy, type SlaPolicyView, type SlaTarget, type BusinessHours, type SetSlaPolicyInput } from './sla-policy';
export { setSlaPolicy } from './set-sla-policy';
export { getSlaPolicy } from './get-sla-policy';
export { caseSlas, type CaseSlaView } from './case-sla-views';
export { slaBreaches } from './sla-breaches';
export { businessMsBetween, addBusinessMs } from './business-clock';
export { nextClock, clockState, type CaseClock, type ClockFacts } from './sla-clock';
export { refreshCaseSlas } from './refresh-case-slas';
export { mailAtRiskOwners, SLA_AT_RISK_MAIL, dueText } from './at-risk.mail';
export { sweepSlas } from './sweep-slas';
export { settleTestCaseSlas, runTestCaseSlas } from './test-case-slas';
export { slaModule } from './module';
