import type { TenantDb, TenantMode } from '../db/index';
import type { Clock } from '../ports';
import { findTestClockOffset } from './test-clocks.repository';

/** A clock `offsetMs` ahead of `clock` (the same clock when 0). */
export function clockAhead(clock: Clock, offsetMs: number): Clock {
  return offsetMs === 0 ? clock : { now: () => new Date(clock.now().getTime() + offsetMs) };
}

/**
 * How far the clock of `mode` is ahead of the service's clock (ms): 0 for live data (and for no mode), the
 * tenant's test clock offset for test data (0 until POST /v1/test_helpers/clock/advance moved it).
 */
export async function modeOffsetMs(db: TenantDb, mode: TenantMode | undefined): Promise<number> {
  return mode === 'test' ? findTestClockOffset(db) : 0;
}

/** The clock of a tenant's `mode`: the service's clock for live data, the tenant's test clock for test data. */
export async function clockOfMode(clock: Clock, db: TenantDb, mode: TenantMode | undefined): Promise<Clock> {
  return clockAhead(clock, await modeOffsetMs(db, mode));
}

/** Now on the clock of a tenant's `mode` (clockOfMode). */
export async function nowOfMode(clock: Clock, db: TenantDb, mode: TenantMode | undefined): Promise<Date> {
  return (await clockOfMode(clock, db, mode)).now();
}
