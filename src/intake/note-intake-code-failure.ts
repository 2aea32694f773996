import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/transaction';
import { consumeRateLimit, type RateLimit } from '../access/rate-limit';
import type { Services } from '../services';
import { intakeBucket } from './intake-tenant';

/**
 * A spike of refused intake codes in one tenant: INTAKE_CODE_FAILURE_SPIKE.limit refusals (wrong, spent,
 * expired, used, or no live code) within one fixed window of windowMs (20 in 10 minutes), across every
 * email and address. Someone may be guessing codes (each code also locks after INTAKE_CODE_MAX_TRIES).
 */
export const INTAKE_CODE_FAILURE_SPIKE = { name: 'intake-code-failures-tenant', limit: 20, windowMs: 10 * 60_000 } as const satisfies RateLimit;

/** The audit action of a spike (tenant configuration audit log; actor `system`). */
export const INTAKE_CODE_FAILURE_SPIKE_ACTION = 'intake.code_failures_spiked';

/**
 * Counts one refused code for the tenant; the refusal that reaches the spike's limit in a window (exactly
 * one per window, whichever process counts it) appends `intake.code_failures_spiked` to the tenant's
 * audit log with the window, and logs a warning. Never throws for the caller's refusal: a failure to
 * count or record is logged.
 */
export async function noteIntakeCodeFailure(svc: Services, orgId: string): Promise<void> {
  const rule = INTAKE_CODE_FAILURE_SPIKE;
  try {
    const state = await consumeRateLimit(svc, intakeBucket(rule, orgId), rule);
    if (!(state.allowed && state.remaining === 0)) return;
    const at = svc.clock.now();
    const windowStart = new Date(at.getTime() - (at.getTime() % rule.windowMs));
    await inTransaction(svc, (tx) => recordAudit(tx, {
      orgId, actor: 'system', action: INTAKE_CODE_FAILURE_SPIKE_ACTION,
      details: { failures: rule.limit, windowMinutes: rule.windowMs / 60_000, windowStart: windowStart.toISOString(), windowEnd: new Date(windowStart.getTime() + rule.windowMs).toISOString() },
      at,
    }));
    svc.log.warn({ orgId, failures: rule.limit, windowStart: windowStart.toISOString() }, 'intake: refused codes spiked for a tenant; audit entry recorded');
  } catch (err) {
    svc.log.error({ orgId, error: (err as Error)?.message }, 'intake: could not count a refused code');
  }
}
