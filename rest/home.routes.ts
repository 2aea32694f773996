import { Router } from 'express';

/** Where `GET /` sends a visitor: the console (which asks for sign-in when needed). */
export const HOME_PATH = '/console';
/** The service's index page for integrators, linked from the console's footer. */
export const ABOUT_PATH = '/about';

// Static: nothing in it comes from the request or the database.
const ABOUT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Compliance onboarding service</title>
</head>
<body>
<main>
<h1>Compliance onboarding service</h1>
<p>Customer onboarding and compliance monitoring for organisations: a pull API for CRMs, case creation,
signed webhooks and OAuth 2.0. Analysts work in the <a href="/console">console</a>.</p>
<h2>For integrators</h2>
<ul>
<li><a href="/docs">API reference</a> (the <a href="/v1/openapi.json">OpenAPI 3.1 document</a> of the pull API, case creation and OAuth)</li>
<li><a href="/docs/events">Webhook events</a>: every event type with an example, and how to verify a request</li>
<li><a href="/schemas/webhooks/index.json">Webhook event catalogue</a> (one JSON Schema per event type)</li>
<li><a href="/types/index.json">TypeScript types of the webhook payloads</a></li>
<li><a href="/.well-known/oauth-authorization-server">OAuth 2.0 authorization server metadata</a></li>
<li><a href="/healthz">Liveness</a> and <a href="/readyz">readiness</a></li>
</ul>
<h2>Documentation</h2>
<p>The guides ship with the service's source: <code>README.md</code> (quickstarts) and <code>docs/</code>
(architecture, configuration, operations, OAuth, case intake, CLI, benchmarks).</p>
</main>
</body>
</html>
`;

/** `GET /` redirects to the console; `GET /about` is the service's index page. */
export function homeRoutes(): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.status(302).location(HOME_PATH).end();
  });
  router.get(ABOUT_PATH, (_req, res) => {
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    }).send(ABOUT_PAGE);
  });
  return router;
}
