import { Router } from 'express';
import { getIntakeTenant } from '../../src/intake/index';
import { escapeHtml as e } from '../../src/invites/index';
import { isDomainError, type Services } from '../../src/platform/index';
import { PORTAL_APP_PATH } from '../../src/portal/index';
import { page } from './invite.routes';

/**
 * The public intake link `{APP_URL}/apply/<slug>` (the address a tenant publishes): while the tenant's
 * link is on, a 302 to the portal app's intake page `/portal/app/apply/<slug>` (served by the web app with
 * its CSP); for an unknown slug or a link that is off, the portal's friendly 404 page (the two cannot be
 * told apart); past the page limits, a 429 page with Retry-After.
 */
export function portalApplyRoutes(svc: Services): Router {
  const router = Router();
  router.get('/apply/:slug', async (req, res) => {
    const slug = String(req.params.slug ?? '');
    try {
      await getIntakeTenant(svc, { slug, address: req.ip });
    } catch (err) {
      if (isDomainError(err) && err.code === 'not_found') {
        page(res, 404, null, 'Link not active', `<h1 data-testid="intake-state">This application link is not active</h1><p>${e(err.message)}</p>`);
        return;
      }
      if (isDomainError(err) && err.code === 'rate_limited') {
        res.setHeader('Retry-After', String(err.extra.retryAfterSeconds ?? 60));
        page(res, 429, null, 'Too many requests', `<h1 data-testid="intake-state">Please wait a moment</h1><p>${e(err.message)}</p>`);
        return;
      }
      throw err;
    }
    res.status(302).setHeader('Cache-Control', 'no-store').location(`${PORTAL_APP_PATH}/apply/${encodeURIComponent(slug.trim().toLowerCase())}`).end();
  });
  return router;
}
