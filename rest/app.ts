import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Services } from '../src/platform/index';
import { errorHandler, notFoundHandler } from './errors';
import { healthRoutes } from './health.routes';
import { metricsRoutes, requestObservation } from './metrics.routes';
import { docsRoutes } from './docs.routes';
import { homeRoutes } from './home.routes';
import { oauthRoutes } from './oauth/index';
import { schemaRoutes } from './schemas.routes';
import { portalApplyRoutes } from './portal/apply.routes';
import { portalInviteRoutes } from './portal/invite.routes';
import { verificationRoutes } from './portal/verify.routes';
import { portalDocumentRoutes } from './portal/documents.routes';
import { portalUnsubscribeRoutes } from './portal/unsubscribe.routes';
import { consoleAuditExportRoutes } from './console/audit-export.routes';
import { consoleExportRoutes } from './console/cases-export.routes';
import { consoleSubjectAccessRoutes } from './console/subject-access.routes';
import { consoleEvidenceRoutes } from './console/evidence-export.routes';
import { consoleSsoRoutes } from './console/sso.routes';
import { bearerAuth } from './v1/bearer-auth';
import { v1Routes } from './v1/index';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The HTTP application. Other adapters mount their routers through `mount` (called by bin/) so that
 * rest/ never imports them; the 404 and error handlers always come last. `mountFirst` mounts routers that own a
 * path prefix of their own (the console's /graphql) before this app's routers, each mounted at `/`: a request
 * there then does not walk every REST route first (86 µs of Express's router a console request, profiled).
 */
export function createApp(svc: Services, mount: (app: Express) => void = () => {}, mountFirst: (app: Express) => void = () => {}): Express {
  const app = express();
  app.disable('x-powered-by');
  // The client's address (per-address limits) is the connection's peer, or what TRUST_PROXY's proxies say.
  app.set('trust proxy', svc.config.trustProxy);
  app.use(
    pinoHttp({
      logger: svc.log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // The query string can carry codes and tokens (OAuth); log the path only.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
    }),
  );
  app.use(requestObservation(svc));
  mountFirst(app);
  app.use(healthRoutes(svc));
  // With METRICS_TOKEN, /metrics is served here too (bearer); else only on METRICS_PORT's loopback server.
  if (svc.config.metricsToken) app.use(metricsRoutes(svc, svc.config.metricsToken));
  app.use(homeRoutes());
  app.use(oauthRoutes(svc));
  app.use(schemaRoutes(svc)); // public: the event catalogue's JSON Schemas and TypeScript types
  app.use(docsRoutes()); // public: /docs (the API reference) and /docs/events (the event catalogue)
  // --- /v1 pull API and case creation, crm-record-id, the customer-portal invite page ---
  app.use(v1Routes(svc, { authenticate: bearerAuth(svc) }));
  app.use(portalInviteRoutes(svc));
  app.use(portalDocumentRoutes(svc)); // the portal's streamed document upload (beside tRPC)
  app.use(portalUnsubscribeRoutes(svc)); // List-Unsubscribe (RFC 8058) of reminder emails
  app.use(verificationRoutes(svc)); // identity verification: the hosted page's upload, the vendor's callback
  app.use(portalApplyRoutes(svc)); // the public intake link /apply/<slug>
  app.use(consoleAuditExportRoutes(svc)); // the audit log as JSON lines (compliance_admin)
  app.use(consoleSubjectAccessRoutes(svc)); // a data subject's access export (ZIP, compliance_admin)
  app.use(consoleExportRoutes(svc)); // the console's CSV download of the case list (before the web app's /console/*)
  app.use(consoleEvidenceRoutes(svc)); // a case's evidence pack from the case page (before the web app's /console/*)
  app.use(consoleSsoRoutes(svc)); // sign-in through the tenant's identity provider (before the web app's /console/*)
  mount(app);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

/** METRICS_PORT's server: GET /metrics without a token (bin/start binds it to 127.0.0.1 only). */
export function createMetricsApp(svc: Services): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(metricsRoutes(svc, null));
  app.use(notFoundHandler);
  return app;
}

/** What a worker-only process serves (on HEALTH_PORT): /healthz and /readyz, nothing else. */
export function createHealthApp(svc: Services): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(pinoHttp({ logger: svc.log, autoLogging: false }));
  app.use(healthRoutes(svc));
  if (svc.config.metricsToken) app.use(metricsRoutes(svc, svc.config.metricsToken));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
