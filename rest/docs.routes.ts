import { readFileSync } from 'node:fs';
import { Router, type Response } from 'express';
import { EVENT_CATALOGUE, examplePayload } from '../src/events/index';
import { DOCS_CSS, receiverSteps } from './docs-content';
import { escapeHtml } from '../src/mail/index';

/**
 * The integrator's reference pages, public and static (nothing in them comes from the request or a tenant):
 * - `GET /docs`: the API reference, `/v1/openapi.json` rendered by Redoc (its standalone bundle, served from
 *   this service at /docs/redoc.standalone.js: nothing is loaded from a CDN);
 * - `GET /docs/events`: the webhook event catalogue, one section per event type with its description, its JSON
 *   Schema and an example payload, and how a receiver verifies a request (TypeScript, Python, curl).
 * Their CSP allows scripts from this origin only. Redoc's styled-components write <style> elements at run time,
 * so the reference page allows inline styles (it shows no tenant data) and a blob: worker (its search index).
 */
export function docsRoutes(): Router {
  const router = Router();
  // Redoc's sidebar credit shows Redocly's logo from their CDN: an empty data: image instead (its img hides itself
  // when the image fails), so that the page makes no request outside this service. The credit link stays.
  const redoc = lazyFile(() => require.resolve('redoc/bundles/redoc.standalone.js'), (js) => js.replaceAll(REDOC_CDN_LOGO, 'data:,'));

  router.get('/docs', (_req, res) => {
    page(res, REFERENCE_CSP).send(REFERENCE_PAGE);
  });
  router.get('/docs/events', (_req, res) => {
    page(res, CATALOGUE_CSP).send(catalogue());
  });
  router.get('/docs/docs.css', (_req, res) => {
    res.set({ 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff' }).send(DOCS_CSS);
  });
  router.get('/docs/reference.js', (_req, res) => {
    res.set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff' }).send(REFERENCE_SCRIPT);
  });
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    res.set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' }).send(redoc());
  });
  return router;
}

const COMMON_CSP = ["default-src 'none'", "img-src 'self' data:", "font-src 'self'", "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"];
export const REFERENCE_CSP = [...COMMON_CSP, "script-src 'self'", "style-src 'self' 'unsafe-inline'", "worker-src blob:"].join('; ');
export const CATALOGUE_CSP = [...COMMON_CSP, "style-src 'self'"].join('; ');

function page(res: Response, csp: string): Response {
  return res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-cache',
  });
}

const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

function lazyFile(path: () => string, edit: (text: string) => string): () => string {
  let body: string | null = null;
  return () => (body ??= edit(readFileSync(path(), 'utf8')));
}

const NAV = `<nav aria-label="Documentation"><a href="/docs">API reference</a> <a href="/docs/events">Webhook events</a> <a href="/console">Console</a></nav>`;

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Compliance onboarding service</title>
<link rel="stylesheet" href="/docs/docs.css">
<link rel="icon" href="data:,">
</head>
<body class="reference">
<header>${NAV}</header>
<main id="redoc" aria-label="API reference"><p class="loading">Loading the API reference…</p></main>
<noscript><p>The reference needs JavaScript. The document itself: <a href="/v1/openapi.json">/v1/openapi.json</a>.</p></noscript>
<script src="/docs/redoc.standalone.js"></script>
<script src="/docs/reference.js"></script>
</body>
</html>
`;

// Redoc.init(specUrl, options, element): the options keep every request on this origin (no Google Fonts).
const REFERENCE_SCRIPT = `Redoc.init('/v1/openapi.json', {
  hideDownloadButton: false,
  expandResponses: '200,201',
  jsonSampleExpandLevel: 3,
  theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' }, code: { fontFamily: 'ui-monospace, monospace' } } },
}, document.getElementById('redoc'));
// Redoc's example blocks scroll sideways: each takes the keyboard's focus, so they can be scrolled without a mouse.
new MutationObserver(() => {
  for (const pre of document.querySelectorAll('#redoc pre:not([tabindex])')) pre.setAttribute('tabindex', '0');
}).observe(document.getElementById('redoc'), { childList: true, subtree: true });
`;

let built: string | null = null;
/** The event catalogue page, built once: every type of the catalogue, sorted, with its example. */
function catalogue(): string {
  if (built) return built;
  const types = [...EVENT_CATALOGUE].sort((a, b) => a.type.localeCompare(b.type));
  const index = types.map((e) => `<li><a href="#${escapeHtml(e.type)}">${escapeHtml(e.type)}</a></li>`).join('\n');
  const sections = types.map((e) => `<section id="${escapeHtml(e.type)}" aria-labelledby="${escapeHtml(e.type)}-title">
<h3 id="${escapeHtml(e.type)}-title"><code>${escapeHtml(e.type)}</code></h3>
<p>${escapeHtml(e.description)}</p>
<p class="meta">Version ${e.version}${e.carriesCase ? ' · about a case: carries <code>caseId</code>, <code>crmRecordId</code> and <code>caseSequence</code>' : ''} · <a href="/schemas/webhooks/${escapeHtml(e.type)}.v1.json">JSON Schema</a> · TypeScript type <code>${escapeHtml(e.typeName)}</code></p>
<pre tabindex="0" aria-label="Example ${escapeHtml(e.type)} payload"><code>${escapeHtml(JSON.stringify(examplePayload(e.type), null, 2))}</code></pre>
</section>`).join('\n');
  built = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Webhook events · Compliance onboarding service</title>
<link rel="stylesheet" href="/docs/docs.css">
<link rel="icon" href="data:,">
</head>
<body>
<header>${NAV}</header>
<main class="catalogue">
<h1>Webhook events</h1>
<p>Every event is delivered to the endpoints subscribed to its type as a signed <code>POST</code>, and served byte for byte
by <code>GET /v1/events</code>. Each has a JSON Schema (<a href="/schemas/webhooks/index.json">the index</a>) and a TypeScript
type (<a href="/types/index.json">the types</a>); receivers ignore fields they do not know, since additive fields never bump
<code>eventVersion</code>. ${types.length} event types:</p>
<nav aria-label="Event types"><ul class="types">
${index}
</ul></nav>
${receiverSteps()}
<h2>The events</h2>
${sections}
</main>
</body>
</html>
`;
  return built;
}
