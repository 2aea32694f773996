import { isDomainError } from '../src/platform/index';
import { getLinkBranding, getPortalSession, LinkBrandingInputSchema, requestNewLink, RequestNewLinkSchema } from '../src/portal/index';
import { customerProcedure, publicProcedure, router, typebox } from './trpc';

/** `portal.*`: the customer's session. */
export const portalRouter = router({
  /** Who is signed in: the case the portal session is bound to. */
  whoami: customerProcedure.query(({ ctx }) => ({ caseId: ctx.customer.caseId, email: ctx.customer.email })),
  /** Tenant branding, the case in brief, its stage in the customer's words, and the state of each step. */
  session: customerProcedure.query(({ ctx }) => getPortalSession(ctx.svc, ctx.customer)),
  /** Public: the tenant's branding for an old link's token (the ended-session and new-link pages), or null. */
  linkBranding: publicProcedure.input(typebox(LinkBrandingInputSchema)).query(({ ctx, input }) => getLinkBranding(ctx.svc, input)),
  /**
   * Public: a fresh magic link for the customer of an expired or used one (the old link's token and the
   * customer's email). Always the same answer; 429 TOO_MANY_REQUESTS with Retry-After when limited.
   */
  requestNewLink: publicProcedure.input(typebox(RequestNewLinkSchema)).mutation(async ({ ctx, input }) => {
    try {
      return await requestNewLink(ctx.svc, { ...input, address: ctx.req.ip });
    } catch (err) {
      if (isDomainError(err) && err.code === 'rate_limited') ctx.res.setHeader('Retry-After', String(err.extra.retryAfterSeconds ?? 60));
      throw err;
    }
  }),
});
