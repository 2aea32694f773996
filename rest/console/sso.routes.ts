import { Router, type Request, type Response } from 'express';
import { isDomainError, type Services } from '../../src/platform/index';
import { startConsoleSession } from '../../src/mfa/index';
import { consoleCookieLine, consoleCookiesSecure, cookieValue, CONSOLE_COOKIE, PENDING_SIGN_IN_COOKIE } from '../../src/sessions/index';
import { completeSsoSignIn, startSsoSignIn } from '../../src/sso/index';
import { noticePage, sendPage } from '../oauth/pages';
import { ssoFlowOf, writeSsoFlowCookie } from '../sso-flow-cookie';

const FLOW_PATH = '/console/sso';

/** A console path to come back to (as the web app's safeNext): anything else is /console. */
function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/console') || next.startsWith('//') || next.startsWith('/console/sign-in') || next.length > 2000) return '/console';
  return next;
}

/** The sign-in page again, with `next` kept. */
const signInHref = (next: string) => (next === '/console' ? '/console/sign-in' : `/console/sign-in?next=${encodeURIComponent(next)}`);

/**
 * The console's single sign-on (src/sso): GET /console/sso/start?email=&next= sends the browser to the
 * identity provider of the tenant the email's domain routes to (authorization code with PKCE, state and
 * nonce, sealed in a cookie for 10 minutes); GET /console/sso/callback verifies the answer, sets the console
 * session cookie and goes on to `next`, or, when the member still owes a second factor, to the sign-in page's
 * second step with the pending sign-in cookie. A refusal (no SSO for the domain, an unknown user, a domain not
 * allowed, a stale or foreign callback) is a page that says why, with the way back to sign-in.
 */
export function consoleSsoRoutes(svc: Services): Router {
  const router = Router();
  const secure = consoleCookiesSecure(svc.config);
  const refuse = (res: Response, err: unknown, next: string) => {
    if (!isDomainError(err) || !['not_found', 'unauthenticated', 'forbidden'].includes(err.code)) throw err;
    const title = err.code === 'forbidden' ? 'You cannot sign in here' : err.code === 'not_found' ? 'No single sign-on for this email' : 'Single sign-on did not complete';
    const status = err.code === 'forbidden' ? 403 : err.code === 'not_found' ? 404 : 401;
    sendPage(res, title, noticePage(title, err.message, { href: signInHref(next), text: 'Back to sign-in' }), { status });
  };

  router.get(`${FLOW_PATH}/start`, async (req: Request, res: Response) => {
    const next = safeNext(req.query.next);
    try {
      const email = typeof req.query.email === 'string' ? req.query.email.trim().slice(0, 254) : '';
      const started = await startSsoSignIn(svc, { email, door: 'console', next });
      writeSsoFlowCookie(res, FLOW_PATH, secure, started.flow);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, started.authorizationUrl);
    } catch (err) {
      refuse(res, err, next);
    }
  });

  router.get(`${FLOW_PATH}/callback`, async (req: Request, res: Response) => {
    writeSsoFlowCookie(res, FLOW_PATH, secure, null);
    res.setHeader('Cache-Control', 'no-store');
    let next = '/console';
    try {
      const done = await completeSsoSignIn(svc, { door: 'console', flow: ssoFlowOf(req), query: new URL(req.originalUrl, 'http://x').search });
      next = safeNext(done.flow.next);
      const now = svc.clock.now();
      if ('pending' in done) {
        res.append('Set-Cookie', consoleCookieLine(svc.config, now, { name: PENDING_SIGN_IN_COOKIE, value: done.pending.token, expiresAt: done.pending.expiresAt }));
        const step = new URLSearchParams({ second_factor: done.methods.join(','), next });
        return res.redirect(303, `/console/sign-in?${step}`);
      }
      const { session } = await startConsoleSession(svc, done.proved, cookieValue(req.headers.cookie, CONSOLE_COOKIE), { address: req.ip, userAgent: req.get('user-agent') });
      res.append('Set-Cookie', consoleCookieLine(svc.config, now, { name: CONSOLE_COOKIE, value: session.token, expiresAt: session.expiresAt }));
      res.redirect(303, next);
    } catch (err) {
      refuse(res, err, next);
    }
  });
  return router;
}
