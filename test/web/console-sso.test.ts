import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { checkPage, closeAll, heading, pageAs, startConsoleInChromium, watchedPage, LOOKS, WAIT } from '../support/browser';
import type { ConsoleHarness } from '../graphql/harness';
import { TestIdentityProvider } from '../sso/identity-provider';

/** Single sign-on in Chromium: an admin sets it up in the organisation settings; a member signs in through the test provider. */
describe('web console: single sign-on in Chromium', function () {
  this.timeout(60_000);
  let h: ConsoleHarness, browser: Browser, idp: TestIdentityProvider;
  before(async () => {
    ({ h, browser } = await startConsoleInChromium());
    idp = await TestIdentityProvider.forService(h.svc.config);
  });
  after(() => closeAll(idp, browser, h));

  it('an admin saves and tests the connection in Organisation settings, then turns on SSO only with themself as break-glass; a member signs in with "Continue with SSO"', async () => {
    const admin = await h.member('admin');
    const domain = `chromium-${admin.tenant.id.slice(0, 8)}.example.com`;
    const w = await pageAs(browser, h, admin);
    await w.page.goto(`${h.url}/console/settings/organisation`);
    await heading(w.page, 'Organisation settings');
    const panel = w.page.locator('section', { has: w.page.getByRole('heading', { level: 2, name: 'Single sign-on' }) });
    await panel.getByLabel('Issuer').fill(idp.issuer);
    await panel.getByLabel('Client ID').fill(idp.clientId);
    await panel.getByLabel('Client secret').fill(idp.clientSecret);
    await panel.getByLabel('Email domains').fill(domain);
    await w.page.getByRole('form', { name: 'Single sign-on' }).getByRole('button', { name: 'Save changes' }).click();
    await panel.getByText('The single sign-on connection is saved.').waitFor(WAIT);
    await panel.getByText(`${h.url}/console/sso/callback`).waitFor(WAIT);
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByText(`Discovery works: ${idp.issuer} answers`).waitFor(WAIT);
    await panel.getByRole('switch', { name: 'Single sign-on only' }).press('Space');
    await panel.getByRole('button', { name: /Break-glass admin/ }).click();
    await w.page.getByRole('option', { name: new RegExp(admin.email.replace(/[.]/g, '\\.')) }).click();
    await w.page.getByRole('form', { name: 'Single sign-on' }).getByRole('button', { name: 'Save changes' }).click();
    await panel.getByText('The single sign-on connection is saved.').waitFor(WAIT);
    const saved = await h.svc.db.query('SELECT sso_only, sso_break_glass_member_id FROM tenants WHERE id = ?', [admin.tenant.id]) as { sso_only: number; sso_break_glass_member_id: string }[];
    expect(saved).to.deep.equal([{ sso_only: 1, sso_break_glass_member_id: admin.id }]);
    await checkPage(w.page, 'console-settings-sso');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const member = await h.member('analyst', admin.tenant);
    const email = `chromium.member@${domain}`;
    await h.svc.db.query('UPDATE members SET email = ? WHERE id = ? AND org_id = ?', [email, member.id, admin.tenant.id]);
    idp.signInAs({ sub: 'chromium-member', email });
    // The test provider's certificate is the test CA's, which this browser does not know.
    const visitor = await watchedPage(browser, { ...LOOKS.light, ignoreHTTPSErrors: true });
    await visitor.page.goto(`${h.url}/console/sign-in`);
    await visitor.page.getByLabel('Email').fill(email);
    await visitor.page.getByRole('link', { name: 'Continue with SSO' }).click();
    await heading(visitor.page, 'Cases');
    expect(visitor.page.url()).to.equal(`${h.url}/console/cases`);
    await visitor.close();
  });
});
