import { DateTime } from 'luxon';
import { minutesOf, WEEK_DAYS, type BusinessHours } from './sla-policy';

/**
 * Time as an SLA counts it: around the clock without business hours; otherwise only within each working
 * day's window (`from` to `to`, local time of the policy's zone, so daylight saving moves with it) on the
 * policy's days (a weekend left out of `days` does not count). Pure functions over instants.
 */

/** One working day's window as instants, or null on a day off (dayStart: midnight of that local day). */
function windowOf(dayStart: DateTime, bh: BusinessHours, from: number, to: number): { start: number; end: number } | null {
  if (!bh.days.includes(WEEK_DAYS[dayStart.weekday - 1]!)) return null;
  const start = dayStart.set({ hour: Math.floor(from / 60), minute: from % 60 }).toMillis();
  const end = dayStart.set({ hour: Math.floor(to / 60), minute: to % 60 }).toMillis();
  return end > start ? { start, end } : null;
}

/** The business time in one week of windows (ms), from a Monday's local midnight. */
function weekMs(bh: BusinessHours, from: number, to: number, anyMonday: DateTime): number {
  let ms = 0;
  for (let d = 0; d < 7; d++) {
    const w = windowOf(anyMonday.plus({ days: d }), bh, from, to);
    if (w) ms += w.end - w.start;
  }
  return ms;
}

/** The business time (ms) between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(from: Date, to: Date, bh: BusinessHours | null): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  if (!bh) return b - a;
  const fromMin = minutesOf(bh.from);
  const toMin = minutesOf(bh.to);
  let day = DateTime.fromMillis(a, { zone: bh.timezone }).startOf('day');
  const last = DateTime.fromMillis(b, { zone: bh.timezone }).startOf('day');
  let ms = 0;
  // Whole weeks in between count a week's windows each (the loop below walks at most two weeks of days).
  const days = Math.floor(last.diff(day, 'days').days);
  if (days > 14) {
    const weeks = Math.floor((days - 7) / 7);
    const monday = day.startOf('week');
    ms += weeks * weekMs(bh, fromMin, toMin, monday);
    // The skipped weeks are counted: walk from the first day to before them, then from after them to the last.
    const skipFrom = day.plus({ days: 7 });
    for (let d = day; d < skipFrom; d = d.plus({ days: 1 })) ms += overlap(windowOf(d, bh, fromMin, toMin), a, b);
    day = skipFrom.plus({ weeks });
  }
  for (let d = day; d <= last; d = d.plus({ days: 1 })) ms += overlap(windowOf(d, bh, fromMin, toMin), a, b);
  return ms;
}

const overlap = (w: { start: number; end: number } | null, a: number, b: number): number => (w ? Math.max(0, Math.min(w.end, b) - Math.max(w.start, a)) : 0);

/** The instant when `ms` of business time have passed from `start` (`start` itself for 0 or less). */
export function addBusinessMs(start: Date, ms: number, bh: BusinessHours | null): Date {
  if (ms <= 0) return new Date(start.getTime());
  if (!bh) return new Date(start.getTime() + ms);
  const fromMin = minutesOf(bh.from);
  const toMin = minutesOf(bh.to);
  let left = ms;
  let at = start.getTime();
  let day = DateTime.fromMillis(at, { zone: bh.timezone }).startOf('day');
  // Whole weeks first (all but the last), so a long target on short days walks at most a few weeks of days.
  const week = weekMs(bh, fromMin, toMin, day.startOf('week'));
  if (week > 0 && left > 2 * week) {
    // Finish the current week day by day is not needed: a whole week from any day holds a week's windows.
    const weeks = Math.floor(left / week) - 1;
    const first = businessMsBetween(new Date(at), new Date(day.plus({ weeks }).toMillis()), bh);
    if (first < left) {
      left -= first;
      day = day.plus({ weeks });
      at = day.toMillis();
    }
  }
  for (let i = 0; i < 60; i++, day = day.plus({ days: 1 })) {
    const w = windowOf(day, bh, fromMin, toMin);
    if (!w) continue;
    const begin = Math.max(w.start, at);
    if (begin >= w.end) continue;
    if (left <= w.end - begin) return new Date(begin + left);
    left -= w.end - begin;
  }
  // Unreachable for a policy with working days (the weeks above leave at most three weeks of time).
  throw new Error('addBusinessMs did not converge');
}
