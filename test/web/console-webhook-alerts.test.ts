import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { Services } from '../../src/platform/index';
import { checkWebhookHealth } from '../../src/webhooks/index';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';
import { runtime } from '../support/runtime';
import { checkPage, closeAll, consolePage, expectNoSidewaysScroll, heading, LOOKS, startConsoleInChromium, WAIT, type Look, type WatchedPage } from '../support/browser';
import { drain, receiversPerTest, recordTestEvent } from '../webhooks/support';

/**
 * Webhook failure alerts in the console (Chromium against the real server): the banner on the Webhooks
 * page while an endpoint's incident is open, and the alert threshold on the Organisation page.
 */
describe('web console: webhook failure alerts in Chromium', function () {
  this.timeout(90_000);
  let h: ConsoleHarness, browser: Browser;
  const receiver = receiversPerTest();
  before(async () => ({ h, browser } = await startConsoleInChromium()));
  after(() => closeAll(browser, h));

  async function open(client: ConsoleClient, path: string, look: Look = 'light'): Promise<WatchedPage> {
    const w = await consolePage(browser, h, client, LOOKS[look]);
    await w.page.goto(`${h.url}${path}`);
    return w;
  }
  /** The services with the clock `minutes` ahead: the health check's "now". */
  const later = (minutes: number): Services => ({ ...h.svc, clock: { now: () => new Date(Date.now() + minutes * 60_000) } });

  it('shows a banner while an endpoint\'s incident is open, with the last error, and takes it away when deliveries work again', async () => {
    const c = await h.signedIn('analyst');
    const orgId = c.member.tenant.id;
    let status = 500;
    const r = await receiver(() => ({ status, body: 'maintenance' }));
    await c.data('mutation ($url: String!) { createWebhookEndpoint(input: { url: $url, label: "Billing CRM" }) { secret } }', { url: r.url() });
    const rt = await runtime();
    await recordTestEvent(h.svc, orgId, 'fails');
    await drain(rt, { orgId, svc: h.svc });
    await r.waitForRequests(1);
    while ((await checkWebhookHealth(h.svc)).attemptsRead >= 50_000);
    await checkWebhookHealth(later(61));

    const w = await open(c, '/console/settings/webhooks');
    const { page } = w;
    await heading(page, 'Webhooks');
    const banner = page.getByRole('alert').filter({ hasText: 'Deliveries to Billing CRM are failing' });
    await banner.waitFor(WAIT);
    const text = await banner.innerText();
    expect(text).to.include('has failed. Last success: none yet.');
    expect(text).to.include('Last error: The receiver answered HTTP 500.');
    expect(text).to.include('The endpoint stays active and each delivery is retried on its schedule.');
    await banner.getByRole('link', { name: 'Recent deliveries' }).waitFor(WAIT);
    expect(await page.getByRole('article').filter({ hasText: 'Billing CRM' }).getByText('Active', { exact: true }).count()).to.equal(1);
    // The card says it too: failing since the first failure, its error, and the retry waiting (read live).
    const card = page.getByRole('article').filter({ hasText: 'Billing CRM' });
    expect(await card.locator('header .badge').allInnerTexts()).to.deep.equal(['Active', 'Failing']);
    const facts = await card.locator('dl.facts').innerText();
    expect(facts).to.match(/\nFailing since\n.+\nLast error\nThe receiver answered HTTP 500\.\nWaiting to retry\n1 delivery, next attempt .+$/);
    expect(await card.getByRole('link', { name: '1 delivery' }).getAttribute('href')).to.match(/^\/console\/settings\/deliveries\?endpoint=[0-9a-f-]{36}&state=pending$/);
    await checkPage(page, 'console-webhooks-incident-light');

    status = 200;
    await recordTestEvent(h.svc, orgId, 'works');
    await drain(rt, { orgId, svc: h.svc });
    await r.waitForRequests(2);
    await checkWebhookHealth(later(62));
    await page.reload();
    await heading(page, 'Webhooks');
    await page.getByRole('article').filter({ hasText: 'Billing CRM' }).waitFor(WAIT);
    expect(await page.getByRole('alert').filter({ hasText: 'are failing' }).count()).to.equal(0);
    expect(await page.getByRole('article').filter({ hasText: 'Billing CRM' }).getByText('None yet').count()).to.equal(0);
    expect(await page.getByRole('article').filter({ hasText: 'Billing CRM' }).locator('header .badge').allInnerTexts()).to.deep.equal(['Active', 'Healthy']);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('organisation: a compliance admin sets the alert threshold (field error for a bad value); an analyst reads it', async () => {
    const ca = await h.signedIn('compliance_admin');
    const w = await open(ca, '/console/settings/organisation');
    const { page } = w;
    await heading(page, 'Organisation settings');
    const field = page.getByLabel('Alert after (minutes)');
    expect(await field.inputValue()).to.equal('60');
    const panel = page.locator('section.panel', { has: page.getByRole('heading', { level: 2, name: 'Webhook failure alerts' }) });
    const save = panel.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled(), 'nothing changed yet').to.equal(true);
    await field.fill('2');
    await save.click();
    await page.locator('.field-error').getByText('Must be a whole number of minutes from 5 to 10080 (7 days).').waitFor(WAIT);
    // Leaving the field clears its server error, which moves the button up: then press it.
    await field.fill('45');
    await field.press('Tab');
    await save.click();
    await panel.getByRole('status').filter({ hasText: 'Saved. Webhook failure alerts are sent after 45 minutes without a successful delivery.' }).waitFor(WAIT);
    expect((await ca.data<{ me: { org: { webhookAlertAfterMinutes: number } } }>('{ me { org { webhookAlertAfterMinutes } } }')).me.org.webhookAlertAfterMinutes).to.equal(45);
    await checkPage(page, 'console-organisation-alerts-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const analyst = await h.signedIn('analyst', ca.member.tenant);
    const v = await open(analyst, '/console/settings/organisation', 'dark-360');
    await heading(v.page, 'Organisation settings');
    await v.page.getByText('After 45 minutes.').waitFor(WAIT);
    expect(await v.page.getByLabel('Alert after (minutes)').count()).to.equal(0);
    await checkPage(v.page, 'console-organisation-alerts-dark-360');
    await expectNoSidewaysScroll(v.page);
    await v.close();
  });
});
