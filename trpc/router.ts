import { documentsRouter } from './documents.router';
import { portalRouter } from './portal.router';
import { router } from './trpc';

/** The customer portal's API (`{APP_URL}/trpc`): one sub-router per area, each in its own file. */
export const appRouter = router({
  portal: portalRouter,
  documents: documentsRouter,
});

/** The router's type: the web app's tRPC client is typed by it. */
export type AppRouter = typeof appRouter;
