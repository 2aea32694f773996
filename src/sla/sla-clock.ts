import type { CaseStatus } from '../cases/index';
import { addBusinessMs, businessMsBetween } from './business-clock';
import type { SlaState } from '../cases/index';
import { AT_RISK_SHARE, targetMsOf, type SlaPolicy } from './sla-policy';

/** The clock of one open case (a case_slas row). */
export interface CaseClock {
  casePk: number;
  /** The status the clock runs for: it restarts when the case's status changes. */
  status: CaseStatus;
  /** When the current running stretch began (the status was entered, or the clock resumed after a pause). */
  clockStart: Date;
  /** Business time used before clockStart (ms). */
  usedMs: number;
  /** Since when the clock is paused (the case waits on the customer), or null while it runs. */
  pausedSince: Date | null;
  /** The status's target (ms of business time), or null when the policy has none for it. */
  targetMs: number | null;
  /** While it runs with a target: when 80 % and 100 % of the target are used. */
  atRiskAt: Date | null;
  dueAt: Date | null;
  /** Whether the owner was emailed that the case is at risk, in this stretch of the status. */
  atRiskMailed: boolean;
}

/** What the clock follows of a case. */
export interface ClockFacts {
  casePk: number;
  status: CaseStatus;
  closed: boolean;
  /** Since when the case waits on the customer (the oldest outstanding EDD or document request), or null. */
  awaitingCustomerSince: Date | null;
  /** When the case entered its status, when known (its case.created or case.status.changed event); else the clock starts now. */
  statusChangedAt?: Date | null;
}

/**
 * The clock of a case after looking at it `now`: null for a closed case; a fresh clock when it has none or
 * its status changed (from the status change's event when known, else now); paused (from the later of its
 * stretch's start and the customer's oldest outstanding request) while the policy pauses and the case waits
 * on the customer; resumed from now when it no longer waits; its target, at-risk and due instants from the
 * policy (business time). Time never runs backwards: a pause starts no earlier than the stretch, a resumption
 * no earlier than the pause.
 */
export function nextClock(prev: CaseClock | null, facts: ClockFacts, policy: SlaPolicy, now: Date): CaseClock | null {
  if (facts.closed) return null;
  let c: CaseClock = prev && prev.status === facts.status ? { ...prev } : {
    casePk: facts.casePk, status: facts.status, clockStart: facts.statusChangedAt ?? now, usedMs: 0, pausedSince: null, targetMs: null, atRiskAt: null, dueAt: null, atRiskMailed: false,
  };
  const bh = policy.businessHours;
  const waits = policy.pauseWhileAwaitingCustomer && facts.awaitingCustomerSince !== null;
  if (waits && c.pausedSince === null) {
    const since = Math.max(c.clockStart.getTime(), Math.min(now.getTime(), facts.awaitingCustomerSince!.getTime()));
    const pausedSince = new Date(since);
    c = { ...c, usedMs: c.usedMs + businessMsBetween(c.clockStart, pausedSince, bh), pausedSince };
  } else if (!waits && c.pausedSince !== null) {
    c = { ...c, clockStart: new Date(Math.max(now.getTime(), c.pausedSince.getTime())), pausedSince: null };
  }
  c.targetMs = targetMsOf(policy, c.status);
  if (c.pausedSince === null && c.targetMs !== null) {
    c.atRiskAt = addBusinessMs(c.clockStart, Math.ceil(c.targetMs * AT_RISK_SHARE) - c.usedMs, bh);
    c.dueAt = addBusinessMs(c.clockStart, c.targetMs - c.usedMs, bh);
  } else {
    c.atRiskAt = null;
    c.dueAt = null;
  }
  return c;
}

/**
 * The state of a clock at `now`, or null when its status has no target. A paused clock that had used its
 * whole target stays breached; otherwise it is paused.
 */
export function clockState(c: CaseClock, now: Date): SlaState | null {
  if (c.targetMs === null) return null;
  if (c.pausedSince !== null) return c.usedMs >= c.targetMs ? 'breached' : 'paused';
  if (c.dueAt !== null && c.dueAt.getTime() <= now.getTime()) return 'breached';
  if (c.atRiskAt !== null && c.atRiskAt.getTime() <= now.getTime()) return 'at_risk';
  return 'on_track';
}

