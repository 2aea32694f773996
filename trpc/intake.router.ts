import type { Response } from 'express';
import {
  getIntakeTenant, IntakeStartInputSchema, IntakeTenantInputSchema, IntakeVerifyInputSchema, startIntake, verifyIntake,
} from '../src/intake/index';
import { isDomainError } from '../src/platform/index';
import { PORTAL_SESSION_COOKIE, portalSessionCookieOptions } from '../src/portal/index';
import { publicProcedure, router, typebox } from './trpc';

/** A refusal by a limit carries Retry-After (seconds), as every 429 of the service does. */
async function withRetryAfter<T>(res: Response, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isDomainError(err) && err.code === 'rate_limited') res.setHeader('Retry-After', String(err.extra.retryAfterSeconds ?? 60));
    throw err;
  }
}

/**
 * `intake.*`: the public intake link `{APP_URL}/apply/<slug>`. All public (no session), all limited per
 * source address and per tenant (codes also per email): 429 TOO_MANY_REQUESTS with Retry-After.
 */
export const intakeRouter = router({
  /** The tenant's branding when its link is on; NOT_FOUND for an unknown slug and a link that is off alike. */
  tenant: publicProcedure.input(typebox(IntakeTenantInputSchema)).query(({ ctx, input }) =>
    withRetryAfter(ctx.res, () => getIntakeTenant(ctx.svc, { slug: input.slug, address: ctx.req.ip }))),

  /** Emails a one-time 6-digit code to the address; the same answer for every address. */
  start: publicProcedure.input(typebox(IntakeStartInputSchema)).mutation(({ ctx, input }) =>
    withRetryAfter(ctx.res, () => startIntake(ctx.svc, { ...input, address: ctx.req.ip }))),

  /**
   * Checks the code; on a right one sets the portal_session cookie (as a redeemed invite does) bound to the
   * email's open case, resumed, or to a new case opened with source `start`. BAD_REQUEST for a wrong,
   * used, expired or spent code (`codeState`, `triesLeft`).
   */
  verify: publicProcedure.input(typebox(IntakeVerifyInputSchema)).mutation(async ({ ctx, input }) => {
    const verified = await withRetryAfter(ctx.res, () => verifyIntake(ctx.svc, { ...input, address: ctx.req.ip }));
    ctx.res.cookie(PORTAL_SESSION_COOKIE, verified.sessionToken, portalSessionCookieOptions(ctx.svc.config.appUrl));
    return verified.view;
  }),
});
