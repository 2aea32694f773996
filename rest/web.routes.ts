import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { Router, type Response } from 'express';

/** Where `npm run build:web` puts the web app (dist/web, beside this file's compiled dist/rest/). */
export const WEB_DIST = join(__dirname, '..', 'web');

/** What web/index.html says where the server puts each answer's nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The web app's Content-Security-Policy. Scripts only from this origin: no inline script, no eval.
 * Styles: the app's CSS files ('self'), plus the small <style> elements React Aria Components inject (the
 * touch-action rule of pressable elements; overscroll containment while a modal is open), which carry
 * this answer's nonce (React Aria reads it from <meta name="csp-nonce">); no 'unsafe-inline'. React sets
 * `style` props through the CSSOM, which CSP does not govern. img-src allows https: for tenant logos on
 * the portal; connect-src 'self' covers /graphql and /trpc.
 */
export function webCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers of the app's HTML page (every /console, /portal/app and /portal/verify address answers it), but its CSP. */
export const WEB_PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The SPA's routes: the analysts' console and the customer portal pages. */
const APP_PATHS = ['/console', '/console/*rest', '/portal/app', '/portal/app/*rest', '/portal/verify'];

/**
 * The web app (web/, built into dist/web): its HTML page for the console and portal routes, its hashed
 * assets under /assets (immutable), and `{APP_URL}/cases?case=<id>` (the contract's analystUrl), which
 * opens the case in the console.
 */
export function webRoutes(options: { dir?: string } = {}): Router {
  const dir = options.dir ?? WEB_DIST;
  const router = Router();

  router.get('/cases', (req, res) => {
    const caseId = typeof req.query.case === 'string' ? req.query.case.trim() : '';
    res.status(302).location(caseId ? `/console/cases/${encodeURIComponent(caseId)}` : '/console/cases').end();
  });

  router.get(APP_PATHS, async (_req, res: Response) => {
    let html: string;
    try {
      html = await readFile(join(dir, 'index.html'), 'utf8'); // small; read each time so a rebuild needs no restart
    } catch {
      res.status(503).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
        .send('The web app is not built. Run `npm run build`.\n');
      return;
    }
    const nonce = randomBytes(18).toString('base64'); // fresh per answer (the page is never cached)
    res.set({ ...WEB_PAGE_HEADERS, 'Content-Security-Policy': webCsp(nonce) }).send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  });

  // Content-hashed file names: a changed file gets a new name, so a year of caching is safe. Unknown names fall
  // through to the 404 handler.
  router.use('/assets', express.static(join(dir, 'assets'), {
    immutable: true, maxAge: '365d', index: false, redirect: false, fallthrough: true,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  }));
  return router;
}
