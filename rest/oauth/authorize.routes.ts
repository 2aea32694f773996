import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import type { OAuth2Server } from 'oauth2orize';
import { admitAuthorizationRequest, checkAuthorizationTarget, isOAuthError, issuerOf, SCOPE_DESCRIPTIONS, type OAuthClientInfo } from '../../src/oauth/index';
import { findSignedInMember, type SignedInMember } from '../../src/sessions/index';
import {
  completeSignIn, pendingSignInMethods, provePasskey, provePassword, proveSignInCode, webauthnSignInOptions, type ProvedMember, type SecondFactorMethod,
} from '../../src/mfa/index';
import { type Scope } from '../../src/access/index';
import { DomainError, isDomainError, type Services } from '../../src/platform/index';
import { transactionLoader, validateAuthorization, type TransactionStore, type Txn } from './oauth2-server';
import { completeSsoSignIn, startSsoSignIn } from '../../src/sso/index';
import { ssoFlowOf, writeSsoFlowCookie } from '../sso-flow-cookie';
import { consentPage, errorPage, PASSKEY_SCRIPT, secondFactorPage, sendPage, signInPage, ssoRedirectPage, STYLESHEET } from './pages';
import { browserSession, csrfValid, secureCookie, signIn, signOut, spendCsrf } from './session';

type OAuthRequest = Request & { oauth2?: Txn & { transactionID?: string } };

const CONSENT_PATH = '/v1/oauth/authorize/consent';
const consentUrl = (tid: string) => `${CONSENT_PATH}?transaction_id=${encodeURIComponent(tid)}`;
const form = express.urlencoded({ extended: false, limit: '8kb' });

/** "Wait 1 second", "Wait 45 seconds", "Wait 14 minutes". */
function waitText(seconds: number): string {
  if (seconds === 1) return '1 second';
  if (seconds <= 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The browser side of the authorization-code flow: GET /v1/oauth/authorize checks the request (an
 * unknown client or unregistered redirect URI gets an error page and is never redirected), then shows
 * the sign-in page (passport-local, scrypt) or, once signed in, the consent screen; Allow redirects with
 * code, state and iss, Deny with error=access_denied.
 */
export function authorizeRoutes(svc: Services, server: OAuth2Server<OAuthClientInfo, SignedInMember>, store: TransactionStore): Router {
  const router = Router();
  // Untyped in @types/oauth2orize: redirects a protocol error of a trusted request back to the client
  // (loading the transaction from the request if need be). A PageError (a refused form) is this
  // page's business and never travels to the client as server_error.
  const redirectErrors = (): ErrorRequestHandler => {
    const [load, respond] = (server as unknown as { authorizationErrorHandler(): [ErrorRequestHandler, ErrorRequestHandler] }).authorizationErrorHandler();
    return (err, req, res, next) => {
      if (err instanceof PageError) return next(err);
      load!(err, req, res, (e?: unknown) => respond!(e, req, res, next));
    };
  };
  const session = browserSession(svc);
  const loadTxn = transactionLoader(store);

  const renderSignIn = (req: OAuthRequest, res: express.Response, extra: { status?: number; error?: string; email?: string } = {}) => {
    const txn = req.oauth2!;
    sendPage(res, `Sign in to connect ${txn.client.name}`, signInPage({
      appName: txn.client.name, transactionId: txn.transactionID!, csrf: req.oauthSession!.csrf, email: extra.email, error: extra.error,
    }), { status: extra.status, passkey: true });
  };
  const renderSecondFactor = (req: OAuthRequest, res: express.Response, v: { pending: string; methods: SecondFactorMethod[]; status?: number; error?: string }) => {
    const txn = req.oauth2!;
    const passkey = v.methods.includes('webauthn');
    sendPage(res, `Confirm it is you to connect ${txn.client.name}`, secondFactorPage({
      appName: txn.client.name, transactionId: txn.transactionID!, csrf: req.oauthSession!.csrf, pending: v.pending, error: v.error,
      totp: v.methods.includes('totp'), passkey, recoveryCodes: v.methods.includes('recovery_code'),
    }), { status: v.status, passkey });
  };
  /** A proved member is signed in to the authorization pages (the allow-list and suspension checked first, the sign-in recorded), then the consent. */
  const signInAndConsent = async (req: OAuthRequest, res: express.Response, proved: ProvedMember) => {
    await completeSignIn(svc, proved, { door: 'oauth', client: { address: req.ip, userAgent: req.get('user-agent') } });
    await signIn(svc, req, res, proved.member.id);
    res.redirect(303, consentUrl(req.oauth2!.transactionID!));
  };
  const pendingOf = (req: Request) => (typeof req.body.pending === 'string' ? req.body.pending.slice(0, 64) : '');
  /** A refusal of the sign-in steps shown on the page: too many attempts (429), wrong credentials (401), address or suspension (403); anything else goes on. */
  const refusalOf = (err: unknown): { status: number; message: string; retryAfter?: number } | null => {
    if (!isDomainError(err)) return null;
    if (err.code === 'rate_limited') return { status: 429, message: err.message, retryAfter: err.extra.retryAfterSeconds as number };
    if (err.code === 'unauthenticated') return { status: 401, message: err.message };
    // The IP allow-list and a suspension: the page says why, no session starts.
    if (err.code === 'forbidden') return { status: 403, message: err.message };
    if (err.code === 'sso_required') return { status: 403, message: err.message };
    return null;
  };
  const renderStep: RequestHandler = async (req: OAuthRequest, res) => {
    const txn = req.oauth2!;
    const memberId = req.oauthSession!.memberId;
    const member = memberId ? await findSignedInMember(svc, memberId) : null;
    if (!member) return renderSignIn(req, res);
    const scopes = (txn.req.scopes ?? []) as Scope[];
    sendPage(res, `Allow ${txn.client.name} to access ${member.tenantName}?`, consentPage({
      appName: txn.client.name, tenantName: member.tenantName, memberEmail: member.email,
      scopes: scopes.map((s) => ({ scope: s, description: SCOPE_DESCRIPTIONS[s] })),
      redirectHost: new URL(txn.redirectURI).host, transactionId: txn.transactionID!, csrf: req.oauthSession!.csrf,
    }), { formTargets: [new URL(txn.redirectURI).origin] });
  };
  const requireCsrf: RequestHandler = (req, _res, next) => {
    if (!csrfValid(req)) return next(formExpired());
    next();
  };

  // An untrusted client or redirect URI stops here with a page; a wrong response_type goes back to the client.
  const checkTarget: RequestHandler = async (req, res, next) => {
    // Per source address, before any lookup or fetch.
    const admission = await admitAuthorizationRequest(svc, req.ip);
    if (!admission.allowed) {
      res.setHeader('Retry-After', String(admission.resetSeconds));
      const title = 'Too many connection requests';
      return sendPage(res, title, errorPage(title, `Too many connection requests from your network. Wait ${waitText(admission.resetSeconds)} and try again.`), { status: 429 });
    }
    await checkAuthorizationTarget(svc, { clientId: req.query.client_id, redirectUri: req.query.redirect_uri });
    if (req.query.response_type !== 'code') {
      const url = new URL(req.query.redirect_uri as string);
      url.searchParams.set('error', 'unsupported_response_type');
      url.searchParams.set('error_description', 'Only response_type=code is supported.');
      if (typeof req.query.state === 'string') url.searchParams.set('state', req.query.state);
      url.searchParams.set('iss', issuerOf(svc.config));
      return res.redirect(url.toString());
    }
    next();
  };

  router.get('/v1/oauth/assets/oauth.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css').send(STYLESHEET);
  });
  router.get('/v1/oauth/assets/passkey.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('text/javascript').send(PASSKEY_SCRIPT);
  });

  router.get('/v1/oauth/authorize', session, checkTarget, server.authorization(validateAuthorization(svc)) as unknown as RequestHandler,
    redirectErrors(), renderStep);

  router.get(CONSENT_PATH, session, loadTxn, renderStep);

  // The same domain steps as the console's sign-in: limits per source address and per account (the same
  // generic words whether or not the email exists), the password, then the second factor when the member has one.
  router.post('/v1/oauth/sign-in', session, form, requireCsrf, loadTxn, async (req: OAuthRequest, res, next) => {
    const email = typeof req.body.email === 'string' ? req.body.email.slice(0, 254) : '';
    try {
      const proved = await provePassword(svc, { email, password: req.body.password, address: req.ip, door: 'oauth', sid: req.oauthSession!.sid });
      if ('pending' in proved) return renderSecondFactor(req, res, { pending: proved.pending.token, methods: proved.methods });
      await signInAndConsent(req, res, proved);
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) return next(err);
      if (refusal.retryAfter) res.setHeader('Retry-After', String(refusal.retryAfter));
      renderSignIn(req, res, { status: refusal.status, email, error: refusal.message });
    }
  });

  // The second step of a member with a second factor: a code from their app or a recovery code, within 5 minutes, in this browser.
  router.post('/v1/oauth/sign-in/second-factor', session, form, requireCsrf, loadTxn, async (req: OAuthRequest, res, next) => {
    const pending = pendingOf(req);
    try {
      const proved = await proveSignInCode(svc, { pendingToken: pending, door: 'oauth', sid: req.oauthSession!.sid, code: req.body.code, address: req.ip });
      await signInAndConsent(req, res, proved);
    } catch (err) {
      await refuseSecondStep(req, res, next, err, pending);
    }
  });
  /** A refused second step: the page again with why (an expired or spent pending sign-in starts again from the password). */
  const refuseSecondStep = async (req: OAuthRequest, res: express.Response, next: express.NextFunction, err: unknown, pending: string) => {
    const refusal = refusalOf(err);
    if (!refusal) return next(err);
    if (refusal.retryAfter) res.setHeader('Retry-After', String(refusal.retryAfter));
    const live = await pendingSignInMethods(svc, { pendingToken: pending, door: 'oauth', sid: req.oauthSession!.sid });
    if (!live) return renderSignIn(req, res, { status: 401, error: refusal.message });
    renderSecondFactor(req, res, { pending, methods: live, status: refusal.status, error: refusal.message });
  };

  // A passkey's options for this browser (JSON, for PASSKEY_SCRIPT): for a pending sign-in's second step, or a sign-in without a password.
  router.post('/v1/oauth/passkey/options', session, form, async (req: OAuthRequest, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!csrfValid(req)) return res.status(403).json({ message: 'This form has expired. Return to the app and start the connection again.' });
    // Each answer stores a challenge: counted per source address with the authorization requests.
    const admission = await admitAuthorizationRequest(svc, req.ip);
    if (!admission.allowed) {
      res.setHeader('Retry-After', String(admission.resetSeconds));
      return res.status(429).json({ message: `Too many requests from your network. Wait ${waitText(admission.resetSeconds)} and try again.` });
    }
    const pending = pendingOf(req);
    try {
      const options = await webauthnSignInOptions(svc, { door: 'oauth', sid: req.oauthSession!.sid, ...(pending ? { pendingToken: pending } : {}) });
      res.json({ options: JSON.parse(options) as unknown });
    } catch (err) {
      if (!isDomainError(err) || (err.code !== 'unauthenticated' && err.code !== 'conflict')) throw err;
      res.status(err.code === 'conflict' ? 409 : 401).json({ message: err.message });
    }
  });

  // The passkey's answer (PASSKEY_SCRIPT posts it): the second factor of a pending sign-in, or a sign-in without a password.
  router.post('/v1/oauth/sign-in/passkey', session, form, requireCsrf, loadTxn, async (req: OAuthRequest, res, next) => {
    const pending = pendingOf(req);
    try {
      const proved = await provePasskey(svc, { response: req.body.response, door: 'oauth', sid: req.oauthSession!.sid, ...(pending ? { pendingToken: pending } : {}) });
      await signInAndConsent(req, res, proved);
    } catch (caught) {
      // A malformed answer is one more passkey that could not be verified.
      const err = isDomainError(caught) && caught.code === 'validation_failed'
        ? new DomainError('unauthenticated', 'The passkey could not be verified. Try again, or use another way to sign in.') : caught;
      if (pending) return refuseSecondStep(req, res, next, err, pending);
      const refusal = refusalOf(err);
      if (!refusal) return next(err);
      renderSignIn(req, res, { status: refusal.status, error: refusal.message });
    }
  });

  // "Continue with SSO": the email's domain names the tenant's identity provider; the browser goes there with
  // this transaction and its sid sealed in the flow cookie, and comes back to /v1/oauth/sso/callback.
  router.post('/v1/oauth/sso/start', session, form, requireCsrf, loadTxn, async (req: OAuthRequest, res, next) => {
    const email = typeof req.body.email === 'string' ? req.body.email.trim().slice(0, 254) : '';
    try {
      const started = await startSsoSignIn(svc, { email, door: 'oauth', transactionId: req.oauth2!.transactionID!, sid: req.oauthSession!.sid });
      writeSsoFlowCookie(res, '/v1/oauth/sso', secureCookie(svc), started.flow);
      sendPage(res, 'Continuing to your organisation’s sign-in', ssoRedirectPage(started.authorizationUrl), { refreshTo: started.authorizationUrl });
    } catch (err) {
      if (!isDomainError(err) || (err.code !== 'not_found' && err.code !== 'unauthenticated')) return next(err);
      renderSignIn(req, res, { status: err.code === 'not_found' ? 400 : 502, email, error: err.message });
    }
  });

  // The identity provider's redirect back: the member signs in here (or gives their second factor first), then the consent.
  router.get('/v1/oauth/sso/callback', session, async (req: OAuthRequest, res, next) => {
    writeSsoFlowCookie(res, '/v1/oauth/sso', secureCookie(svc), null);
    try {
      const done = await completeSsoSignIn(svc, { door: 'oauth', flow: ssoFlowOf(req), query: new URL(req.originalUrl, 'http://x').search, sid: req.oauthSession!.sid });
      req.oauth2 = await new Promise<Txn>((resolve, reject) => {
        store.load({ query: { transaction_id: done.flow.transactionId }, oauthSession: req.oauthSession } as unknown as Request, (e, txn) => (e ? reject(e) : resolve(txn!)));
      });
      if ('pending' in done) return renderSecondFactor(req, res, { pending: done.pending.token, methods: done.methods });
      await signInAndConsent(req, res, done.proved);
    } catch (err) {
      if (!isDomainError(err) || (err.code !== 'unauthenticated' && err.code !== 'forbidden')) return next(err);
      const title = err.code === 'forbidden' ? 'You cannot sign in here' : 'Single sign-on did not complete';
      sendPage(res, title, errorPage(title, err.message), { status: err.code === 'forbidden' ? 403 : 401 });
    }
  });

  router.post('/v1/oauth/sign-out', session, form, requireCsrf, loadTxn, async (req: OAuthRequest, res) => {
    await signOut(svc, req, res);
    res.redirect(303, consentUrl(req.oauth2!.transactionID!));
  });

  const signedInMember: RequestHandler = async (req: OAuthRequest, res, next) => {
    const memberId = req.oauthSession!.memberId;
    const member = memberId ? await findSignedInMember(svc, memberId) : null;
    if (!member) return renderSignIn(req, res);
    req.user = member;
    next();
  };
  // Each decision spends the form's CSRF token: a replayed or resubmitted form gets the 403 page.
  const spendDecisionCsrf: RequestHandler = async (req, _res, next) => {
    if (!(await spendCsrf(svc, req))) return next(formExpired());
    next();
  };
  router.post('/v1/oauth/authorize/decision', session, form, spendDecisionCsrf, loadTxn, signedInMember,
    server.decision((req, done) => {
      done(null, { allow: ((req as unknown as Request).body as Record<string, unknown>).decision === 'allow' });
    }) as unknown as RequestHandler[],
    redirectErrors());

  router.use(['/v1/oauth/authorize', '/v1/oauth/sign-in', '/v1/oauth/sign-out', '/v1/oauth/sso'], pageErrorHandler);
  return router;
}

const formExpired = () => new PageError(403, 'This form has expired', 'The page was open too long or in another window. Return to the app and start the connection again.');

/** An error shown as a page (the browser stays here). */
class PageError extends Error {
  constructor(readonly status: number, readonly title: string, message: string) {
    super(message);
  }
}

/** Errors of the browser steps that cannot go back to the client: a page, never a stack. */
const pageErrorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  if (err instanceof PageError) return sendPage(res, err.title, errorPage(err.title, err.message), { status: err.status });
  if (isDomainError(err) && err.code === 'forbidden') {
    return sendPage(res, 'This connection request is not valid', errorPage('This connection request is not valid', err.message), { status: 400 });
  }
  const e = err as { name?: string; message?: string };
  if (isOAuthError(err) || e.name === 'AuthorizationError' || e.name === 'BadRequestError' || e.name === 'ForbiddenError') {
    return sendPage(res, 'This connection request is not valid', errorPage('This connection request is not valid', String(e.message)), { status: 400 });
  }
  req.log.error({ err }, 'authorization page failed');
  sendPage(res, 'Something went wrong', errorPage('Something went wrong', 'An internal error occurred. Please try again in a moment.'), { status: 500 });
};
