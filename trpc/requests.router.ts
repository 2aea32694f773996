import { listPortalRequestedItems } from '../src/outreach/index';
import { customerProcedure, router } from './trpc';

/**
 * `requests.*`: what the tenant asked the customer for by email (EDD evidence, document requests).
 * Evidence is uploaded against an item through `POST {APP_URL}/portal/api/documents?item=<ref>`.
 */
export const requestsRouter = router({
  /** The requested items with their status, and whether the case still takes uploads (open). */
  list: customerProcedure.query(({ ctx }) => listPortalRequestedItems(ctx.svc, ctx.customer)),
});
