import { Duration } from 'luxon';
import type { Actor } from '../access/index';
import { forTenant, inTransaction } from '../db/index';
import { DomainError } from '../errors';
import { sendDueRemindersOf } from '../outreach/index';
import { purgeDueCasesOf } from '../retention/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { runTestCaseSlas, settleTestCaseSlas } from '../sla/index';
import { advanceTestClockOffset, clockAhead, findTestClockOffset } from '../test-clock/index';
import { requireTestPrincipal } from './require-test-principal';
import { testCasesAmong } from './test-cases';
import { MAX_ADVANCE_SECONDS, TestClockAdvanceRequestSchema, type TestClockView } from './test-helpers.wire';

/** The seconds an advance asks for: `seconds`, or an ISO 8601 `duration`; exactly one of them. */
function secondsOf(input: { seconds?: number; duration?: string }): number {
  if ((input.seconds === undefined) === (input.duration === undefined)) {
    throw DomainError.validation([{ path: '', message: 'must give seconds or duration (an ISO 8601 duration such as P3D), one of them' }]);
  }
  if (input.seconds !== undefined) return input.seconds;
  const d = Duration.fromISO(input.duration!);
  const seconds = d.isValid ? Math.round(d.as('seconds')) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_ADVANCE_SECONDS)) {
    throw DomainError.validation([{ path: 'duration', message: `must be an ISO 8601 duration (P3D, PT12H, P1Y2M) of 1 second to ${MAX_ADVANCE_SECONDS} seconds` }]);
  }
  return seconds;
}

/**
 * POST /v1/test_helpers/clock/advance: moves the tenant's test clock on (`seconds`, or an ISO 8601 `duration`)
 * and runs, at the new test time, what time makes due for the tenant's test cases, each through its owner's
 * own use case as the worker would: reminders of requested items (outreach: the reminder email, then
 * outreach.email.sent), SLA at-risk emails to case owners and the count of SLAs the move breached (sla: test
 * cases' clocks run on this clock), and the retention schedule's purges of closed cases (retention: the deletion
 * certificate, the audit line). Only test cases are touched (testCasesAmong).
 * The test clock is the service's clock plus the tenant's offset; it only moves forward. Answers the clock.
 */
export async function advanceTestClock(svc: Services, actor: Actor, body: unknown): Promise<TestClockView> {
  requireTestPrincipal(actor);
  const input = assertSchema(TestClockAdvanceRequestSchema, body ?? {});
  const seconds = secondsOf(input);
  const orgId = actor.orgId;
  // Test cases' SLA clocks catch up at the old test time first (a status change not reacted to yet).
  await settleTestCaseSlas(svc, orgId);
  const before = clockAhead(svc.clock, await findTestClockOffset(forTenant(svc.db, orgId))).now();
  const offsetMs = await inTransaction(svc, (tx) => advanceTestClockOffset(forTenant(tx.manager, orgId), seconds * 1000, svc.clock.now()));
  const at = { ...svc, clock: clockAhead(svc.clock, offsetMs) };
  const only = (casePks: number[]) => testCasesAmong(svc, orgId, casePks);
  const remindersSent = await sendDueRemindersOf(at, orgId, only);
  const sla = await runTestCaseSlas(svc, orgId, before, at.clock.now());
  const casesPurged = await purgeDueCasesOf(at, orgId, only);
  return {
    now: at.clock.now().toISOString(), offsetSeconds: Math.floor(offsetMs / 1000), advancedSeconds: seconds,
    ran: { remindersSent, slaAtRiskEmails: sla.atRiskEmails, slaBreaches: sla.breaches, casesPurged },
  };
}
