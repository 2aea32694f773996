import { applicationRouter } from './application.router';
import { documentsRouter } from './documents.router';
import { intakeRouter } from './intake.router';
import { portalRouter } from './portal.router';
import { requestsRouter } from './requests.router';
import { reviewRouter } from './review.router';
import { router } from './trpc';
import { verificationRouter } from './verification.router';

/** The customer portal's API (`{APP_URL}/trpc`): one sub-router per area, each in its own file. */
export const appRouter = router({
  portal: portalRouter,
  application: applicationRouter,
  review: reviewRouter,
  documents: documentsRouter,
  intake: intakeRouter,
  requests: requestsRouter,
  verification: verificationRouter,
});

/** The router's type: the web app's tRPC client is typed by it. */
export type AppRouter = typeof appRouter;
