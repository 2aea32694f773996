import type { TenantDb } from '../db/index';
import type { Clock } from '../ports';
import { nowOfMode } from '../test-clock/index';
import { findCaseMode } from './cases.repository';

/**
 * Now for this case: the service's clock for a live case, the tenant's test clock (src/test-clock) for a test
 * case. What a case's time-bound links (its portal invites, its people's verification links) are issued and
 * checked against, so that POST /v1/test_helpers/clock/advance expires a test case's links as time expires a
 * live one's. One primary-key lookup, and for a test case the tenant's clock row.
 */
export async function nowForCase(svc: { clock: Clock }, db: TenantDb, casePk: number): Promise<Date> {
  return nowOfMode(svc.clock, db, await findCaseMode(db, casePk));
}
