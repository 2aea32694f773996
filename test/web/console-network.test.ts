import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startMemberSession } from '../../src/sessions/index';
import { checkPage, closeAll, heading, pageAs, said, startConsoleInChromium, watchedPage, LOOKS, WAIT } from '../support/browser';
import type { ConsoleHarness } from '../graphql/harness';

/** The admin's network and inactivity settings, suspended members' Reactivate, and a member's sessions with device and address. */
describe('web console: IP allow-list, inactivity and sessions in Chromium', function () {
  this.timeout(120_000);
  let h: ConsoleHarness, browser: Browser;
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  it('an admin edits the allow-list (own address shown; a list without it is refused) and the inactivity limit, and reactivates a suspended member', async () => {
    const admin = await h.member('admin');
    const idle = await h.member('analyst', admin.tenant);
    await h.svc.db.query('UPDATE members SET suspended_at = ? WHERE id = ? AND org_id = ?', [new Date(), idle.id, admin.tenant.id]);
    const w = await pageAs(browser, h, admin);
    await w.page.goto(`${h.url}/console/settings/organisation`);
    await heading(w.page, 'Organisation settings');
    expect(await w.page.getByTestId('current-address').textContent()).to.equal('127.0.0.1');
    const networks = w.page.getByLabel('Allowed networks');
    await networks.fill('198.51.100.0/24');
    await w.page.getByRole('form', { name: 'IP allow-list' }).getByRole('button', { name: 'Save changes' }).click();
    await w.page.getByText('This list would lock you out: your address 127.0.0.1 is not in it.').waitFor(WAIT);
    await networks.fill('127.0.0.0/8\n2001:DB8::1/32');
    await w.page.getByRole('form', { name: 'IP allow-list' }).getByRole('button', { name: 'Save changes' }).click();
    await said(w.page, 'The IP allow-list is saved.');
    expect(await networks.inputValue()).to.equal('127.0.0.0/8\n2001:db8::/32');
    await w.page.getByLabel('Days without a sign-in').fill('60');
    await w.page.getByRole('form', { name: 'Inactive members' }).getByRole('button', { name: 'Save changes' }).click();
    await said(w.page, 'Members who do not sign in for 60 days are suspended.');
    await checkPage(w.page, 'console-organisation-network');

    await w.page.goto(`${h.url}/console/settings/members`);
    await heading(w.page, 'Members');
    const row = w.page.getByRole('row').filter({ hasText: idle.email });
    await row.getByText(/Suspended \(inactive\) since/).waitFor(WAIT);
    await checkPage(w.page, 'console-members-suspended');
    await row.getByRole('button', { name: 'Reactivate' }).click();
    await said(w.page, 'was reactivated and can sign in again.');
    await row.getByText('Active', { exact: true }).waitFor(WAIT);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it("a member sees their sessions with device and address on the Security page and ends another one at once", async () => {
    const member = await h.member('analyst');
    const other = await startMemberSession(h.svc, { kind: 'console', memberId: member.id, address: '2001:db8::7', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' });
    const w = await watchedPage(browser, LOOKS.light);
    await w.page.goto(`${h.url}/console/sign-in`);
    await w.page.getByLabel('Email').fill(member.email);
    await w.page.getByLabel('Password').fill(member.password);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading(w.page, 'Cases');
    await w.page.goto(`${h.url}/console/security`);
    await heading(w.page, 'Security');
    const sessions = w.page.locator('section', { has: w.page.getByRole('heading', { level: 2, name: 'Your sessions' }) });
    await sessions.getByText('Chrome on Linux (this browser) · 127.0.0.1', { exact: false }).waitFor(WAIT);
    await sessions.getByText('Safari on iPhone · 2001:db8::7', { exact: false }).waitFor(WAIT);
    await checkPage(w.page, 'console-security-sessions');
    await sessions.getByRole('button', { name: 'End session' }).click();
    await w.page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
    await sessions.getByText('Safari on iPhone').waitFor({ state: 'detached', ...WAIT });
    const ended = (await h.svc.db.query('SELECT ended_at FROM member_sessions WHERE sid = ?', [other.sid])) as { ended_at: Date | null }[];
    expect(ended[0]!.ended_at).to.not.equal(null);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });
});
