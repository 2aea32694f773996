import { getVerificationPage, startVendorVerification, VerificationTokenSchema } from '../src/idv/index';
import { publicProcedure, router, typebox } from './trpc';

/**
 * `verification.*`: the hosted identity-verification page ({APP_URL}/portal/verify?token=…). Public: the
 * link's token is the credential (the person is not a portal customer). The upload itself streams through
 * `POST {APP_URL}/portal/api/verify` (rest/portal/verify.routes.ts).
 */
export const verificationRouter = router({
  /** Whose verification the link opens, for which company, whether a selfie is asked for, and which flow. */
  get: publicProcedure.input(typebox(VerificationTokenSchema)).query(({ ctx, input }) => getVerificationPage(ctx.svc, input)),
  /** A hosted-flow vendor: opens the vendor's session and answers where to send the person. */
  start: publicProcedure.input(typebox(VerificationTokenSchema)).mutation(({ ctx, input }) => startVendorVerification(ctx.svc, input)),
});
