import express, { Router } from 'express';
import { unsubscribeFromReminders } from '../../src/outreach/index';
import { escapeHtml as e } from '../../src/invites/index';
import { type Services } from '../../src/platform/index';
import { page } from './invite.routes';

/**
 * The List-Unsubscribe target of reminder emails: `{APP_URL}/portal/unsubscribe?token=…`. A mail
 * program's one-click unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` to it; a person who opens
 * it gets a page with a button that does the same POST (opening the page alone unsubscribes nothing:
 * mail scanners open links too). The token is all the authority needed. Answers 200 once unsubscribed
 * (again too), 404 for an unknown token.
 */
export function portalUnsubscribeRoutes(svc: Services): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '1kb' });
  const tokenOf = (q: unknown) => (typeof q === 'string' ? q : '');

  router.get('/portal/unsubscribe', (req, res) => {
    const token = tokenOf(req.query.token);
    page(res, 200, null, 'Stop reminders', `<h1>Stop reminder emails</h1><p>You will no longer get reminders about the items requested for this application. Requests themselves may still reach you.</p>
<form method="post" action="/portal/unsubscribe?token=${e(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop reminders</button></form>`);
  });

  router.post('/portal/unsubscribe', form, async (req, res) => {
    const outcome = await unsubscribeFromReminders(svc, tokenOf(req.query.token));
    if (outcome === 'unknown') {
      page(res, 404, null, 'Link not recognised', '<h1 data-testid="unsubscribe-state">This link is not valid</h1><p>We could not recognise this unsubscribe link.</p>');
      return;
    }
    page(res, 200, null, 'Unsubscribed', '<h1 data-testid="unsubscribe-state">You are unsubscribed</h1><p>You will get no more reminders about these items.</p>');
  });
  return router;
}
