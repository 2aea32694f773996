import { Router, type RequestHandler } from 'express';
import { feedItemJson, listEventFeed } from '../../src/events/index';
import { type Services } from '../../src/platform/index';
import { actorOf } from './bearer-auth';
import { queryParser } from './openapi-validation';

/**
 * GET /v1/events. `data` is written as the stored payload bytes, never re-serialised, so it is byte
 * for byte the webhook body of that eventId (and its signature would verify over it).
 */
export function eventsRoutes(svc: Services, doc: Record<string, unknown>, authenticate: RequestHandler): Router {
  const router = Router();
  const parse = queryParser(doc, '/v1/events', 'get');
  router.get('/v1/events', authenticate, async (req, res) => {
    const q = parse(req.query as Record<string, unknown>);
    const page = await listEventFeed(svc, actorOf(res), {
      eventType: q.event_type as string | undefined, limit: q.limit as number | undefined, cursor: q.cursor as string | undefined,
    });
    const items = page.items.map(feedItemJson);
    res.type('application/json').send(`{"data":[${items.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)},"hasMore":${page.hasMore}}`);
  });
  return router;
}
