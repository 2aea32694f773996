import type { Request, Response } from 'express';
import { DomainError, type Services } from '../../src/platform/index';
import { CONSOLE_COOKIE, cookieValue, findConsoleActor } from '../../src/sessions/index';

/**
 * The member downloading a console export (/console/export/*): the console session cookie's (401 without one). A
 * request another site starts (Sec-Fetch-Site cross-site or same-site) is refused (403), since the cookie would ride
 * along. `what` names the download in that refusal.
 */
export async function consoleDownloader(svc: Services, req: Request, what = 'The export') {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new DomainError('forbidden', `${what} is downloaded from the console itself.`);
  }
  const signedIn = await findConsoleActor(svc, cookieValue(req.headers.cookie, CONSOLE_COOKIE), { address: req.ip });
  if (!signedIn) throw new DomainError('unauthenticated', 'Sign in to the console first.');
  if ('refused' in signedIn) throw signedIn.refused;
  return signedIn;
}

/** Resolves when the response may take more (drain), or when the client has gone (close): false then. */
export function writable(res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}
