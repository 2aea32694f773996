import { customerProcedure, router } from './trpc';

/** `portal.*`: the customer's session. */
export const portalRouter = router({
  /** Who is signed in: the case the portal session is bound to (extended with branding, stage and steps by the portal issue). */
  whoami: customerProcedure.query(({ ctx }) => ({ caseId: ctx.customer.caseId, email: ctx.customer.email })),
});
