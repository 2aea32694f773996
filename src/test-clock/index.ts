// The tenant's test clock (issue 31, test mode): the service's clock plus an offset (test_clocks) that
// POST /v1/test_helpers/clock/advance moves forward. Everything time-bound about a test case (its SLA clock,
// its invite and verification links) reads this clock; live data reads the service's. See docs/test-mode.md.
export { findTestClockOffset, advanceTestClockOffset } from './test-clocks.repository';
export { clockAhead, clockOfMode, modeOffsetMs, nowOfMode } from './mode-clock';
