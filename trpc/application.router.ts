import { ApplicationDraftSchema, getApplication, saveApplication, submitApplication } from '../src/portal/index';
import { customerProcedure, router, typebox } from './trpc';

/** `application.*`: the customer's application form (company profile, directors and UBOs) and its submission. */
export const applicationRouter = router({
  get: customerProcedure.query(({ ctx }) => getApplication(ctx.svc, ctx.customer)),
  /** A partial draft: absent fields stay, null clears, a list given replaces the stored one. */
  save: customerProcedure.input(typebox(ApplicationDraftSchema)).mutation(({ ctx, input }) => saveApplication(ctx.svc, ctx.customer, { application: input })),
  /** BAD_REQUEST with `details` listing everything missing; CONFLICT once submitted. */
  submit: customerProcedure.mutation(({ ctx }) => submitApplication(ctx.svc, ctx.customer)),
});
