import express, { Router, type Response } from 'express';
import {
  escapeHtml as e, inspectInvite, redeemInvite, safeColor, safeLogoUrl, type Branding,
} from '../../src/invites/index';
import { type Services } from '../../src/platform/index';
import { PORTAL_APP_PATH, PORTAL_SESSION_COOKIE, portalSessionCookieOptions } from '../../src/portal/index';
import { fromPortalPage } from './documents.routes';


/** A small branded HTML page of the portal (its own strict CSP; no script). */
export function page(res: Response, status: number, branding: Branding | null, title: string, body: string): void {
  const color = safeColor(branding?.brandColor ?? '#1F4FD8');
  const logo = safeLogoUrl(branding?.logoUrl ?? null);
  const name = branding?.name ?? 'Customer portal';
  res.status(status)
    .setHeader('Cache-Control', 'no-store')
    // The link's token is in the query string: never send it on to another site.
    .setHeader('Referrer-Policy', 'no-referrer')
    .setHeader('Content-Security-Policy', "default-src 'none'; img-src https: http:; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .setHeader('X-Content-Type-Options', 'nosniff')
    .type('html')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · ${e(name)}</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f4f5f7;color:#1f2933}
  header{background:${color};color:#fff;padding:18px 24px;font-size:1.25rem;font-weight:600;display:flex;align-items:center;gap:12px}
  header img{height:32px}
  main{max-width:560px;margin:32px auto;background:#fff;border-radius:10px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  h1{font-size:1.4rem;margin:0 0 12px}
  p{line-height:1.5}
  button{background:${color};color:#fff;border:0;border-radius:6px;padding:12px 22px;font-size:1rem;font-weight:600;cursor:pointer}
  button:focus{outline:3px solid #1f2933;outline-offset:2px}
  .muted{color:#52606d;font-size:.9rem}
</style></head>
<body><header>${logo ? `<img src="${e(logo)}" alt="">` : ''}<span data-testid="tenant-name">${e(name)}</span></header>
<main>${body}</main></body></html>`);
}

/** A used or expired link's way to a fresh one: the portal's new-link page with the old token. */
function newLink(svc: Services, token: string): string {
  const href = `${svc.config.appUrl}${PORTAL_APP_PATH}/new-link?token=${encodeURIComponent(token)}`;
  return `<p><a data-testid="new-link" href="${e(href)}">Get a new link by email</a></p>`;
}

/**
 * The customer portal's invite landing page. GET shows the invite with the tenant's branding (opening
 * the page does not use the link: mail scanners open links too); "Start" (POST) redeems it once and
 * opens a portal session, only when the form was sent from the portal's own origin (fromPortalPage: 403
 * otherwise). A used, expired or unknown link gets a clear page saying so.
 */
export function portalInviteRoutes(svc: Services): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  router.get('/portal', (_req, res) => {
    page(res, 200, null, 'Customer portal', '<h1>Customer portal</h1><p>Open the personal link from your invitation email to continue.</p>');
  });

  router.get('/portal/invite', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const invite = await inspectInvite(svc, token);
    if (invite.state === 'unknown') {
      page(res, 404, null, 'Link not recognised', '<h1 data-testid="invite-state">This link is not valid</h1><p>We could not recognise this invitation link. Check that you copied the whole address from the email, or ask the company that invited you for a new link.</p>');
      return;
    }
    const who = invite.customerName ? `, ${e(invite.customerName)}` : '';
    if (invite.state === 'used') {
      page(res, 410, invite.branding, 'Link already used', `<h1 data-testid="invite-state">This link has already been used</h1><p>Each invitation link works once. If you did not open it yourself, or you need to continue your application, ask ${e(invite.branding.name)} for a new link.</p>${newLink(svc, token)}`);
      return;
    }
    if (invite.state === 'expired') {
      page(res, 410, invite.branding, 'Link expired', `<h1 data-testid="invite-state">This link has expired</h1><p>For your security, invitation links stop working after a while. Ask ${e(invite.branding.name)} to send you a new one.</p>${newLink(svc, token)}`);
      return;
    }
    const company = invite.companyName ? ` for <strong>${e(invite.companyName)}</strong>` : '';
    if (invite.purpose === 'evidence') {
      page(res, 200, invite.branding, 'Information requested', `<h1 data-testid="invite-state">Welcome back${who}</h1>
<p>${e(invite.branding.name)} has asked you for some information${company}.</p>
<form method="post" action="/portal/invite"><input type="hidden" name="token" value="${e(token)}"><button type="submit">Upload the requested items</button></form>
<p class="muted">This personal link works once and expires on ${e(invite.expiresAt.toISOString().replace('T', ' ').slice(0, 16))} UTC.</p>`);
      return;
    }
    page(res, 200, invite.branding, 'Your invitation', `<h1 data-testid="invite-state">Welcome${who}</h1>
<p>${e(invite.branding.name)} has invited you to complete your onboarding${company}.</p>
<form method="post" action="/portal/invite"><input type="hidden" name="token" value="${e(token)}"><button type="submit">Start your onboarding</button></form>
<p class="muted">This personal link works once and expires on ${e(invite.expiresAt.toISOString().replace('T', ' ').slice(0, 16))} UTC.</p>`);
  });

  router.post('/portal/invite', form, async (req, res) => {
    // Only the landing page's own form may press "Start": another site's form would sign the visitor into a case of its choosing.
    if (!fromPortalPage(req, new URL(svc.config.appUrl).origin)) {
      page(res, 403, null, 'Request refused', '<h1 data-testid="invite-state">This request was refused</h1><p>An invitation link can only be used from its own page. Open the link from your invitation email again.</p>');
      return;
    }
    const token = typeof req.body?.token === 'string' ? req.body.token : '';
    const before = await inspectInvite(svc, token);
    const session = await redeemInvite(svc, token);
    if (!session || before.state === 'unknown') {
      const branding = before.state === 'unknown' ? null : before.branding;
      page(res, 410, branding, 'Link no longer valid', `<h1 data-testid="invite-state">This link can no longer be used</h1><p>It has already been used or has expired. Ask for a new invitation link.</p>${before.state === 'unknown' ? '' : newLink(svc, token)}`);
      return;
    }
    // Path=/ so that the browser sends it to the portal pages (/portal) and to their API (/trpc); Secure
    // whenever the portal is served over https. It lives as long as the session's absolute limit.
    res.cookie(PORTAL_SESSION_COOKIE, session.sessionToken, portalSessionCookieOptions(svc.config.appUrl));
    // The (now used) link's token rides in the fragment, which the browser never sends to a server: the
    // portal keeps it so that, once the session ends, it can ask for a new link (portal.requestNewLink).
    // An EDD or document request's link lands on the page where the customer uploads against each item.
    const evidence = before.purpose === 'evidence';
    const app = `${svc.config.appUrl}${PORTAL_APP_PATH}${evidence ? '/evidence' : ''}#link=${encodeURIComponent(token)}`;
    if (evidence) {
      page(res, 200, before.branding, 'Signed in', `<h1 data-testid="invite-state">You're signed in</h1><p>${e(before.branding.name)} is waiting for the items it asked you for.</p>
<p><a data-testid="portal-app-link" href="${e(app)}">Continue to the requested items</a></p>`);
      return;
    }
    page(res, 200, before.branding, 'Onboarding started', `<h1 data-testid="invite-state">You're in</h1><p>Your onboarding with ${e(before.branding.name)} has started.</p>
<p><a data-testid="portal-app-link" href="${e(app)}">Continue to your application</a></p>`);
  });
  return router;
}
