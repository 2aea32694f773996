import { IANAZone } from 'luxon';
import { CLOSED_STATUSES, CASE_STATUSES, type CaseStatus } from '../cases/index';
import { DomainError, type ValidationDetail } from '../errors';

/** The days business hours may name, Monday first. */
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export { SLA_STATES, type SlaState } from '../cases/index';

/** The share of the target from which a case is at risk. */
export const AT_RISK_SHARE = 0.8;

/** The longest target (hours): about six weeks around the clock. */
export const MAX_TARGET_HOURS = 1000;

export interface SlaTarget { status: CaseStatus; hours: number }

/** Working hours in a time zone: the clock runs on these days from `from` to `to` (HH:MM, local time) only. */
export interface BusinessHours { timezone: string; days: WeekDay[]; from: string; to: string }

/** A tenant's SLA policy: a target per open status (statuses without one have no SLA). */
export interface SlaPolicy {
  targets: SlaTarget[];
  businessHours: BusinessHours | null;
  pauseWhileAwaitingCustomer: boolean;
}

/** The policy as `slaPolicy` shows it: who changed it last, and when (null while never set). */
export interface SlaPolicyView extends SlaPolicy {
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The policy of a tenant that never set one: no targets, so no case has an SLA. */
export const NO_SLA_POLICY: SlaPolicy = { targets: [], businessHours: null, pauseWhileAwaitingCustomer: false };

/** What setSlaPolicy takes, as an adapter hands it over. */
export interface SetSlaPolicyInput {
  targets: readonly { status: unknown; hours: unknown }[];
  businessHours: { timezone: unknown; days: unknown; from: unknown; to: unknown } | null | undefined;
  pauseWhileAwaitingCustomer: unknown;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an HH:MM time. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Checks a policy and returns it normalised (targets in status order, days in week order): each target an
 * open case status at most once with hours above 0 (at most MAX_TARGET_HOURS); business hours in a valid
 * IANA time zone, on a non-empty subset of mon..sun, from before to (HH:MM). Every problem with its path.
 */
export function validateSlaPolicy(input: SetSlaPolicyInput): SlaPolicy {
  const details: ValidationDetail[] = [];
  const fail = (path: string, message: string) => details.push({ path, message });
  const open = CASE_STATUSES.filter((s) => !CLOSED_STATUSES.includes(s));
  const seen = new Set<string>();
  const targets: SlaTarget[] = [];
  if (!Array.isArray(input.targets) || input.targets.length > open.length) fail('input.targets', `must be a list of at most ${open.length} targets`);
  else {
    input.targets.forEach((t, i) => {
      const path = `input.targets.${i}`;
      const status = t.status as CaseStatus;
      if (typeof t.status !== 'string' || !open.includes(status)) fail(`${path}.status`, `must be an open case status: ${open.join(', ')}`);
      else if (seen.has(status)) fail(`${path}.status`, `repeats the status ${status}`);
      seen.add(String(t.status));
      const hours = t.hours;
      if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0 || hours > MAX_TARGET_HOURS) fail(`${path}.hours`, `must be a number of hours above 0 and at most ${MAX_TARGET_HOURS}`);
      if (typeof hours === 'number') targets.push({ status, hours });
    });
  }
  let businessHours: BusinessHours | null = null;
  const bh = input.businessHours;
  if (bh) {
    const path = 'input.businessHours';
    const timezone = typeof bh.timezone === 'string' ? bh.timezone.trim() : '';
    if (!timezone || !IANAZone.isValidZone(timezone)) fail(`${path}.timezone`, 'must be an IANA time zone, e.g. Europe/London');
    const days = Array.isArray(bh.days) ? [...new Set(bh.days as unknown[])] : null;
    if (!days || days.length === 0 || days.some((d) => !WEEK_DAYS.includes(d as WeekDay))) fail(`${path}.days`, `must be one or more of ${WEEK_DAYS.join(', ')}`);
    const from = typeof bh.from === 'string' ? bh.from : '';
    const to = typeof bh.to === 'string' ? bh.to : '';
    if (!HHMM.test(from)) fail(`${path}.from`, 'must be a time HH:MM');
    if (!HHMM.test(to)) fail(`${path}.to`, 'must be a time HH:MM');
    else if (HHMM.test(from) && minutesOf(from) >= minutesOf(to)) fail(`${path}.to`, 'must be after from');
    businessHours = { timezone, days: WEEK_DAYS.filter((d) => days?.includes(d)), from, to };
  }
  if (typeof input.pauseWhileAwaitingCustomer !== 'boolean') fail('input.pauseWhileAwaitingCustomer', 'must be true or false');
  if (details.length) throw DomainError.validation(details);
  targets.sort((a, b) => CASE_STATUSES.indexOf(a.status) - CASE_STATUSES.indexOf(b.status));
  return { targets, businessHours, pauseWhileAwaitingCustomer: input.pauseWhileAwaitingCustomer === true };
}

/** The target of a status in milliseconds of (business) time, or null when the policy has none for it. */
export function targetMsOf(policy: SlaPolicy, status: CaseStatus): number | null {
  const t = policy.targets.find((x) => x.status === status);
  return t ? Math.round(t.hours * 3_600_000) : null;
}
