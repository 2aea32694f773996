import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { operatorActor } from '../../src/access/index';
import { createCase } from '../../src/onboarding/index';
import { redeemInvite } from '../../src/invites/index';
import { ConsoleHarness } from '../graphql/harness';
import { checkPage, closeAll, expectNoSidewaysScroll, LOOKS, startConsoleInChromium, watchedPage, type Look } from '../support/browser';

/** The customer portal's shell at /portal/app in Chromium, over tRPC against the real server. */
describe('web portal shell in Chromium', function () {
  this.timeout(60_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  /** A case with an invite, redeemed as the landing page does: the portal session's token and the case id. */
  async function redeemedInvite(): Promise<{ caseId: string; email: string; token: string }> {
    const tenant = await h.tenant();
    const email = `customer.${tenant.id.slice(0, 8)}@portal.example`;
    const created = await createCase(h.svc, operatorActor(tenant.id), {
      body: { customerEmail: email, companyName: 'Portal Shell Ltd', sendInvite: true },
      render: (o) => ({ status: 201, body: o.kind === 'created' ? o.case : {} }),
    });
    const body = created.response.body as { caseId: string; customerPortalUrl: string };
    const session = await redeemInvite(h.svc, new URL(body.customerPortalUrl).searchParams.get('token')!);
    return { caseId: body.caseId, email, token: session!.sessionToken };
  }

  for (const look of Object.keys(LOOKS) as Look[]) {
    it(`shows the case of a redeemed invite's session, from portal.session over tRPC (${look}), axe clean, CSP held`, async () => {
      const invite = await redeemedInvite();
      const w = await watchedPage(browser, LOOKS[look]);
      await w.context.addCookies([{ name: 'portal_session', value: invite.token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
      const request = w.page.waitForRequest((r) => r.url().startsWith(`${h.url}/trpc/portal.session`), { timeout: 10_000 });
      await w.page.goto(`${h.url}/portal/app`);
      expect((await request).method()).to.equal('GET');
      await w.page.getByTestId('case-id').waitFor({ timeout: 10_000 });
      expect(await w.page.getByRole('heading', { level: 1 }).textContent()).to.equal('Your application');
      expect(await w.page.title()).to.equal('Your application · Your onboarding');
      const [{ reference }] = await h.svc.db.query('SELECT reference FROM cases WHERE case_id = ?', [invite.caseId]);
      expect(await w.page.locator('dl.facts').innerText()).to.equal(`Your reference\n${reference}\nSigned in as\n${invite.email}\nStage\nGetting started`);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `portal-home-${look}`);
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    });

    it(`without a session says, kindly, that the session has ended (${look})`, async () => {
      const w = await watchedPage(browser, LOOKS[look]);
      await w.page.goto(`${h.url}/portal/app`);
      await w.page.getByRole('heading', { level: 1, name: 'Your session has ended' }).waitFor({ timeout: 10_000 });
      expect(await w.page.locator('.page p').allTextContents()).to.deep.equal([
        'For your security, the application closes after a while without activity. Nothing you saved is lost.',
        'To continue, open the link in your invitation email. If it was already used, the page it opens lets you ask for a new one.',
      ]);
      await expectNoSidewaysScroll(w.page);
      await checkPage(w.page, `portal-session-ended-${look}`);
      // The only problem reported: Chromium logs the 401 of /trpc/portal.session as a failed resource.
      expect(await w.problems()).to.deep.equal(['console: Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
      await w.close();
    });
  }

  it('a session of another case shows that case only (the cookie is the only key)', async () => {
    const [first, second] = [await redeemedInvite(), await redeemedInvite()];
    const w = await watchedPage(browser);
    await w.context.addCookies([{ name: 'portal_session', value: second.token, domain: '127.0.0.1', path: '/' }]);
    await w.page.goto(`${h.url}/portal/app`);
    await w.page.getByTestId('case-id').waitFor({ timeout: 10_000 });
    const [{ reference }] = await h.svc.db.query('SELECT reference FROM cases WHERE case_id = ?', [second.caseId]);
    expect(await w.page.getByTestId('case-id').textContent()).to.equal(reference);
    expect(second.caseId).not.to.equal(first.caseId);
    await w.close();
  });
});
