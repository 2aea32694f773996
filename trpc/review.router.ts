import { confirmReview, getReview, ReviewConfirmSchema } from '../src/portal/index';
import { customerProcedure, router, typebox } from './trpc';

/** `review.*`: the extracted data per section and field, and the customer's confirmation with corrections. */
export const reviewRouter = router({
  get: customerProcedure.query(({ ctx }) => getReview(ctx.svc, ctx.customer)),
  confirm: customerProcedure.input(typebox(ReviewConfirmSchema)).mutation(({ ctx, input }) => confirmReview(ctx.svc, ctx.customer, { amendments: input.amendments })),
});
