import { timingSafeEqual, createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { metricsOf, runInRequest, tracingOf, type Services } from '../src/platform/index';
import { sendError } from './errors';

/** First path segments of routers mounted by prefix (no route template): their requests are labelled `/<segment>/*`. */
const MOUNTS = new Set(['graphql', 'trpc', 'mcp', 'console', 'portal', 'apply', 'assets', 'schemas']);

/** The route template of a finished request (bounded: never an id): `/v1/cases/:id`, `/graphql/*`, or `unmatched`. */
export function routeLabel(req: { route?: { path?: unknown }; path: string }, baseUrl: string): string {
  if (req.route?.path !== undefined) return `${baseUrl}${String(req.route.path)}`;
  // Inside a router mounted by prefix (Apollo's at /graphql) req.path is relative to it: the mount is in baseUrl.
  const first = `${baseUrl}${req.path}`.split('/')[1] ?? '';
  return MOUNTS.has(first) ? `/${first}/*` : 'unmatched';
}

/**
 * Times every request (svc_http_request_duration_seconds by route template, method and status class), names
 * its trace span by that template, and
 * runs it in its request context, so that every log line written for it carries its id. Events of the
 * request stream (a parsed body's `end`) run in that context too: body parsers call the next handler from them.
 */
export function requestObservation(svc: Services): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let route = 'unmatched';
    // Written while the handler answers, when req.route and req.baseUrl are still those of its router.
    res.once('prefinish', () => {
      route = routeLabel(req, req.baseUrl);
      // The request's span (when traced) is named by the same template: `POST /v1/cases`.
      if (route !== 'unmatched') tracingOf(svc).nameRequest(route);
    });
    res.once('finish', () => {
      const method = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(req.method) ? req.method : 'OTHER';
      metricsOf(svc).observe('svc_http_request_duration_seconds', (performance.now() - started) / 1000, {
        route, method, status_class: `${Math.floor(res.statusCode / 100)}xx`,
      });
    });
    // A traced request's log lines name its trace too (the trace id of W3C traceparent `00-<trace id>-<span id>-<flags>`).
    const traceId = tracingOf(svc).capture()?.traceparent?.split('-')[1];
    const context = { requestId: String(req.id), ...(traceId ? { traceId } : {}) };
    // The request stream's events re-enter the request's context (AsyncResource.bind did the same for every async
    // context, at the price of a new resource and, on Node 20, a deprecation wrapper a request: 2 % of a pull page).
    const emit = req.emit;
    req.emit = ((...args: Parameters<typeof req.emit>) => runInRequest(context, () => emit.apply(req, args))) as typeof req.emit;
    runInRequest(context, next);
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics (Prometheus text). With `token` (METRICS_TOKEN), only `Authorization: Bearer <token>` is
 * answered (compared in constant time); without one (METRICS_PORT's loopback server), everyone on that port is.
 */
export function metricsRoutes(svc: Services, token: string | null): Router {
  const router = Router();
  const expected = token === null ? null : digest(token);
  router.get('/metrics', async (req, res, next) => {
    const expose = svc.metrics?.expose;
    if (!expose) return next();
    if (expected) {
      const header = req.headers.authorization ?? '';
      const presented = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!timingSafeEqual(digest(presented), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        sendError(res, 401, 'unauthenticated', 'GET /metrics needs the metrics token: Authorization: Bearer <METRICS_TOKEN>.');
        return;
      }
    }
    try {
      const { contentType, body } = await expose.call(svc.metrics);
      res.setHeader('Cache-Control', 'no-store');
      res.type(contentType).send(body);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
