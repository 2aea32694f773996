import { expect } from 'chai';
import { DomainError } from '../../src/errors';
import { addBusinessMs, businessMsBetween, clockState, nextClock, type BusinessHours, type CaseClock, type SlaPolicy } from '../../src/sla/index';
import { validateSlaPolicy } from '../../src/sla/sla-policy';

const H = 3_600_000;
const at = (iso: string) => new Date(iso);
/** London working days 09:00 to 17:00 (UTC in winter): Friday 27 November 2026, Monday 30 November 2026. */
const LONDON: BusinessHours = { timezone: 'Europe/London', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' };

describe('SLA clock: business time, targets, pauses and states (pure)', () => {
  it('counts only the working hours of working days, skipping the weekend', () => {
    expect(businessMsBetween(at('2026-11-27T16:00:00Z'), at('2026-11-30T12:00:00Z'), LONDON)).to.equal(4 * H);
    expect(businessMsBetween(at('2026-11-28T10:00:00Z'), at('2026-11-29T23:00:00Z'), LONDON), 'a weekend').to.equal(0);
    expect(businessMsBetween(at('2026-11-30T07:00:00Z'), at('2026-11-30T20:00:00Z'), LONDON), 'before and after hours').to.equal(8 * H);
    expect(businessMsBetween(at('2026-11-27T16:00:00Z'), at('2026-11-30T12:00:00Z'), null), 'around the clock').to.equal(68 * H);
    expect(addBusinessMs(at('2026-11-27T16:00:00Z'), 4 * H, LONDON).toISOString()).to.equal('2026-11-30T12:00:00.000Z');
    expect(addBusinessMs(at('2026-11-28T12:00:00Z'), 1 * H, LONDON).toISOString(), 'from a Saturday').to.equal('2026-11-30T10:00:00.000Z');
    expect(addBusinessMs(at('2026-11-27T17:00:00Z'), 8 * H, LONDON).toISOString(), 'a full day ends at closing time').to.equal('2026-11-30T17:00:00.000Z');
  });

  it('follows daylight saving in the policy\'s zone, and long targets agree both ways', () => {
    const ny: BusinessHours = { timezone: 'America/New_York', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' };
    // New York leaves daylight saving on Sunday 1 November 2026: 17:00 is 21:00Z on Friday, 09:00 is 14:00Z on Monday.
    expect(addBusinessMs(at('2026-10-30T21:00:00Z'), 1 * H, ny).toISOString()).to.equal('2026-11-02T15:00:00.000Z');
    for (const hours of [1, 7.5, 40, 200, 999]) {
      const start = at('2026-11-25T11:17:00Z');
      const due = addBusinessMs(start, hours * H, LONDON);
      expect(businessMsBetween(start, due, LONDON), `${hours} h`).to.equal(hours * H);
    }
    const sat: BusinessHours = { timezone: 'Asia/Tokyo', days: ['sat'], from: '10:00', to: '11:00' };
    const due = addBusinessMs(at('2026-11-23T00:00:00Z'), 30 * H, sat);
    expect(businessMsBetween(at('2026-11-23T00:00:00Z'), due, sat), 'one hour a week').to.equal(30 * H);
  });

  it('restarts with a new status, pauses while the customer is awaited and resumes from then, at risk from 80 %', () => {
    const policy: SlaPolicy = { targets: [{ status: 'in_review', hours: 4 }, { status: 'in_progress', hours: 8 }], businessHours: LONDON, pauseWhileAwaitingCustomer: true };
    const facts = { casePk: 1, status: 'in_review' as const, closed: false, awaitingCustomerSince: null };
    let c = nextClock(null, facts, policy, at('2026-11-27T16:00:00Z'))!;
    expect(c.dueAt!.toISOString()).to.equal('2026-11-30T12:00:00.000Z');
    expect(c.atRiskAt!.toISOString(), '80 % of 4 h').to.equal('2026-11-30T11:12:00.000Z');
    expect(clockState(c, at('2026-11-30T11:00:00Z'))).to.equal('on_track');
    expect(clockState(c, at('2026-11-30T11:12:00Z'))).to.equal('at_risk');
    expect(clockState(c, at('2026-11-30T12:00:00Z'))).to.equal('breached');
    // The customer was asked on Monday at 10:00 (2 h used): paused from then.
    c = nextClock(c, { ...facts, awaitingCustomerSince: at('2026-11-30T10:00:00Z') }, policy, at('2026-11-30T10:30:00Z'))!;
    expect(c.pausedSince!.toISOString()).to.equal('2026-11-30T10:00:00.000Z');
    expect([c.usedMs, c.dueAt, clockState(c, at('2026-12-10T00:00:00Z'))]).to.deep.equal([2 * H, null, 'paused']);
    // Answered on Tuesday at 16:00: 2 h left, over the evening.
    c = nextClock(c, facts, policy, at('2026-12-01T16:00:00Z'))!;
    expect([c.pausedSince, c.dueAt!.toISOString()]).to.deep.equal([null, '2026-12-02T10:00:00.000Z']);
    // A new status starts afresh, with its own target.
    const moved = nextClock(c, { ...facts, status: 'in_progress' }, policy, at('2026-12-01T16:30:00Z'))!;
    expect([moved.usedMs, moved.clockStart.toISOString(), moved.dueAt!.toISOString(), moved.atRiskMailed]).to.deep.equal([0, '2026-12-01T16:30:00.000Z', '2026-12-02T16:30:00.000Z', false]);
    expect(nextClock(moved, { ...facts, closed: true }, policy, at('2026-12-01T17:00:00Z')), 'closed').to.equal(null);
    const none = nextClock(null, { ...facts, status: 'returned' }, policy, at('2026-12-01T17:00:00Z'))!;
    expect(clockState(none, at('2026-12-01T17:00:00Z')), 'no target for the status').to.equal(null);
    const breachedThenPaused: CaseClock = { ...c, usedMs: 5 * H, pausedSince: at('2026-12-03T09:00:00Z'), dueAt: null, atRiskAt: null };
    expect(clockState(breachedThenPaused, at('2026-12-03T10:00:00Z'))).to.equal('breached');
    const notPausing = nextClock(null, { ...facts, awaitingCustomerSince: at('2026-11-27T15:00:00Z') }, { ...policy, pauseWhileAwaitingCustomer: false }, at('2026-11-27T16:00:00Z'))!;
    expect(notPausing.pausedSince, 'the policy does not pause').to.equal(null);
  });

  it('validates a policy: open statuses once, hours above 0, an IANA zone, days of the week, from before to', () => {
    try {
      validateSlaPolicy({
        targets: [{ status: 'approved', hours: 2 }, { status: 'in_review', hours: 0 }, { status: 'in_review', hours: 3 }],
        businessHours: { timezone: 'Mars/Olympus_Mons', days: ['mon', 'funday'], from: '18:00', to: '09:00' },
        pauseWhileAwaitingCustomer: true,
      });
      expect.fail('accepted');
    } catch (e) {
      expect(e).to.be.instanceOf(DomainError);
      expect(((e as DomainError).extra.details as { path: string }[]).map((d) => d.path)).to.deep.equal([
        'input.targets.0.status', 'input.targets.1.hours', 'input.targets.2.status', 'input.businessHours.timezone', 'input.businessHours.days', 'input.businessHours.to',
      ]);
    }
    expect(validateSlaPolicy({ targets: [{ status: 'returned', hours: 1 }, { status: 'in_progress', hours: 2.5 }], businessHours: { timezone: 'Europe/Paris', days: ['fri', 'mon'], from: '08:30', to: '18:00' }, pauseWhileAwaitingCustomer: false }))
      .to.deep.equal({ targets: [{ status: 'in_progress', hours: 2.5 }, { status: 'returned', hours: 1 }], businessHours: { timezone: 'Europe/Paris', days: ['mon', 'fri'], from: '08:30', to: '18:00' }, pauseWhileAwaitingCustomer: false });
  });
});
