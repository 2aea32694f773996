import { inTransaction } from '../db/transaction';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { createIntakeCode, emailKeyHash, INTAKE_CODE_TTL_MS } from './intake-codes';
import { addressKey, enforceIntakeLimits, INTAKE_LIMITS, requireIntakeTenant } from './intake-tenant';
import { IntakeStartInputSchema, type IntakeStartedView } from './intake.wire';

/** The one answer of intake.start, whatever the address. */
export const INTAKE_START_ANSWER =
  'We have emailed you a 6-digit code. It works once, for 10 minutes. If it does not arrive, check the address and your spam folder, then ask for another.';

/**
 * intake.start (public): a customer on `{APP_URL}/apply/<slug>` types their email; a one-time code is made
 * (intake-codes.ts) and emailed by the send-intake-code job after commit. Nothing about cases is looked at,
 * so the answer (INTAKE_START_ANSWER) and the work are the same for every address. Limited per source
 * address, per tenant and per email (INTAKE_LIMITS.start*); an unknown slug or a link that is off is not_found.
 */
export async function startIntake(svc: Services, input: { slug: unknown; email: unknown; address?: string }): Promise<IntakeStartedView> {
  const body = assertSchema(IntakeStartInputSchema, { slug: input.slug, email: input.email });
  await enforceIntakeLimits(svc, [[INTAKE_LIMITS.startAddress, addressKey(input.address)]]);
  const tenant = await requireIntakeTenant(svc, body.slug);
  await enforceIntakeLimits(svc, [
    [INTAKE_LIMITS.startTenant, tenant.id],
    [INTAKE_LIMITS.startEmail, `${tenant.id}:${emailKeyHash(body.email)}`],
  ]);
  await inTransaction(svc, (tx) => createIntakeCode(tx, { orgId: tenant.id, email: body.email }));
  return { message: INTAKE_START_ANSWER, expiresInSeconds: INTAKE_CODE_TTL_MS / 1000 };
}
