import { expect } from 'chai';
import type { Browser, Locator, Page } from 'playwright-core';
import { operatorActor } from '../../src/access/index';
import { OPT_IN_SCOPES } from '../../src/oauth/index';
import { SCOPES } from '../../src/access/index';
import { setFullParity } from '../../src/tenants/index';
import { deliveriesOf, drain, octokitVerify, receiversPerTest } from '../webhooks/support';
import { connectApp, pull, tokenFor } from '../graphql/configuration-support';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';
import { runtime } from '../support/runtime';
import { checkPage, closeAll, consolePage, expectNoSidewaysScroll, heading, LOOKS, startConsoleInChromium, untilFrame, WAIT, type Look, type WatchedPage } from '../support/browser';
import { appCode } from '../support/totp';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now (one step of drift is accepted). */

const PAUSED_NOTICE = 'The endpoint is paused: this redelivery is sent anyway, because you asked for it. New events stay skipped until you resume the endpoint.';

/**
 * The console's Compliance Configuration pages (/console/settings/*) in Chromium against the real server:
 * webhooks with Recent deliveries, API credentials, connected apps, the organisation's switches, members and
 * the audit log. Sessions are started directly (the harness's signedIn) and handed to the browser as its cookie.
 */
describe('web console: Compliance Configuration in Chromium', function () {
  // A bound for a hang: its longest tests took 47 s in a loaded suite run (the Redoc page, at 90 s, failed a run).
  this.timeout(180_000);
  let h: ConsoleHarness;
  let browser: Browser;
  const receiver = receiversPerTest();
  before(async () => {
    // One automatic retry, 10 ms after a failure: a broken receiver shows two failed attempts after a drain.
    ({ h, browser } = await startConsoleInChromium({ config: { webhookRetryScheduleMs: [10] } }));
  });
  after(() => closeAll(browser, h));

  /** A browser page signed in as `client`'s member (the console cookie, as sign-in sets it). */
  async function open(client: ConsoleClient, path: string, look: Look = 'light'): Promise<WatchedPage> {
    const w = await consolePage(browser, h, client, { ...LOOKS[look], permissions: ['clipboard-read', 'clipboard-write'] });
    await w.page.goto(`${h.url}${path}`);
    return w;
  }

  /** Runs queued jobs until no delivery of the tenant is pending (retries fall due 10 ms after a failure). */
  async function settle(orgId: string): Promise<void> {
    const rt = await runtime();
    const until = Date.now() + 10_000;
    for (;;) {
      await drain(rt, { orgId, svc: h.svc });
      if (!(await deliveriesOf(h.svc, orgId)).some((d) => d.state === 'pending')) return;
      if (Date.now() > until) throw new Error('deliveries still pending after 10 s');
    }
  }

  /** Creates a case through the REST API with fresh credentials, as a CRM does; returns its caseId. */
  async function apiCase(client: ConsoleClient, companyName: string): Promise<string> {
    const created = await client.data<{ createApiClient: { clientId: string; clientSecret: string } }>(
      'mutation { createApiClient(input: { name: "CRM", scopes: ["cases:write"] }) { clientId clientSecret } }',
    );
    const token = (await tokenFor(h, created.createApiClient.clientId, created.createApiClient.clientSecret)).body.access_token as string;
    const res = await fetch(`${h.url}/v1/cases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ companyName, customerEmail: `${companyName.toLowerCase().replace(/\W+/g, '.')}@customer.example`, crmSource: 'Salesforce', sendInvite: false }),
    });
    expect(res.status, await res.clone().text()).to.equal(201);
    return ((await res.json()) as { caseId: string }).caseId;
  }

  /** The `index`th delivery of Recent deliveries (newest first). */
  const delivery = (page: Page, index: number): Locator => page.getByRole('list', { name: 'Deliveries' }).locator(':scope > li').nth(index);
  const deliveryCount = (page: Page) => page.getByRole('list', { name: 'Deliveries' }).locator(':scope > li').count();
  /** Waits (bounded) until the list shows exactly `n` deliveries: a filter's answer replaces the list a moment after the URL changes. */
  const deliveriesShown = (page: Page, n: number) => untilFrame(page, () => deliveryCount(page), n);

  it('webhooks: add an endpoint after a test ping, secret once; Send test; a case.created delivery appears, fails while the receiver is broken, redelivers when mended', async () => {
    const c = await h.signedIn('analyst');
    const orgId = c.member.tenant.id;
    let status = 200;
    const r = await receiver(() => (status === 200 ? { status: 200, body: 'thanks' } : { status, body: 'broken receiver' }));
    const w = await open(c, '/console/settings/webhooks');
    const { page } = w;
    await heading(page, 'Webhooks');
    await page.getByText('No endpoints yet. Add one to receive events as they happen.').waitFor(WAIT);
    expect(await page.title()).to.equal('Webhooks · Compliance configuration');

    // Add endpoint: the pre-save ping reaches the receiver and shows its answer; nothing is saved yet.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('URL').fill(r.url());
    await page.getByLabel('Label').fill('CRM hooks');
    expect(await page.getByRole('checkbox', { name: 'Every event type, including ones added later' }).isChecked()).to.equal(true);
    await page.getByRole('button', { name: 'Send test ping' }).click();
    const ping = page.getByRole('status').filter({ hasText: 'Test ping' });
    await ping.waitFor(WAIT);
    expect(await ping.locator('.notice-title').textContent()).to.match(/^Test ping: the receiver answered HTTP 200 \(\d+ ms\)$/);
    expect(await ping.locator('pre').textContent()).to.equal('thanks');
    expect(JSON.parse(r.requests[0]!.body.toString())).to.deep.include({ event: 'ping', orgId });
    expect((await c.data<{ webhookEndpoints: unknown[] }>('{ webhookEndpoints { id } }')).webhookEndpoints).to.deep.equal([]);
    await checkPage(page, 'console-webhooks-add');

    // Saved: the secret is shown once, with a copy button and the warning.
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint saved: CRM hooks' }).waitFor(WAIT);
    const secret = (await page.getByTestId('secret').textContent())!;
    expect(secret).to.match(/^[0-9a-f]{64}$/);
    expect(await page.getByRole('note').textContent()).to.equal('Copy the secret now: it will not be shown again. If you lose it, make a new one.');
    await page.getByRole('button', { name: 'Copy signing secret' }).click();
    await page.getByText('Copied.').waitFor(WAIT);
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).to.equal(secret);
    await checkPage(page, 'console-webhooks-secret');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('heading', { name: 'Endpoint saved: CRM hooks' }).waitFor({ state: 'detached', ...WAIT });

    // The card; Send test signs with that secret and shows the status and the body.
    const card = page.getByRole('article', { name: 'CRM hooks' });
    await card.waitFor(WAIT);
    expect(await card.locator('dl.facts').innerText()).to.equal(`URL\n${r.url()}\nEvents\nEvery event type\nLast success\nNone yet`);
    expect(await card.locator('header .badge').allInnerTexts()).to.deep.equal(['Active', 'No deliveries yet']);
    await card.getByRole('button', { name: 'Send test' }).click();
    const test = card.getByRole('status').filter({ hasText: 'Test' });
    await test.waitFor(WAIT);
    expect(await test.locator('.notice-title').textContent()).to.match(/^Test: the receiver answered HTTP 200 \(\d+ ms\)$/);
    expect(await test.locator('pre').textContent()).to.equal('thanks');
    const [, tested] = await r.waitForRequests(2);
    expect(await octokitVerify(secret, tested!.body.toString(), tested!.headers['x-svc-signature'] as string)).to.equal(true);
    await page.reload();
    await card.waitFor(WAIT);
    expect(await page.locator('body').innerText()).to.not.contain(secret);
    await expectNoSidewaysScroll(page);
    await checkPage(page, 'console-webhooks-light');

    // A case created through the API: its case.created delivery shows in Recent deliveries.
    const first = await apiCase(c, 'Delivered Ltd');
    await settle(orgId);
    await page.getByRole('link', { name: 'Recent deliveries' }).first().click();
    await heading(page, 'Recent deliveries');
    await delivery(page, 0).waitFor(WAIT);
    expect(await deliveryCount(page)).to.equal(1);
    const firstItem = delivery(page, 0);
    expect(await firstItem.getByRole('button').first().innerText()).to.match(/^▸\s*case\.created\s*Delivered Ltd \(C-\d+\)\s*Delivered\s*1 attempt\s*CRM hooks/);
    await firstItem.getByRole('button').first().click();
    const attempts1 = firstItem.getByRole('list', { name: /^Attempts of delivery/ });
    await attempts1.waitFor(WAIT);
    expect(await attempts1.getByRole('listitem').allInnerTexts()).to.have.lengthOf(1);
    expect(await attempts1.getByRole('listitem').first().innerText()).to.match(/^Attempt 1 · HTTP 200 · \d+ ms · .+\n+Response body:\n+thanks$/);
    const payload1 = JSON.parse((await firstItem.getByLabel(/^Payload of delivery/).textContent())!);
    expect(payload1).to.deep.include({ event: 'case.created', caseId: first, source: 'api', companyName: 'Delivered Ltd' });
    await firstItem.getByRole('link', { name: /^Delivered Ltd \(C-\d+\)$/ }).waitFor(WAIT);
    expect(await firstItem.getByRole('link', { name: /^Delivered Ltd/ }).getAttribute('href')).to.equal(`/console/cases/${first}`);

    // The receiver breaks: the next case's delivery fails twice (the attempt and its retry).
    status = 500;
    const second = await apiCase(c, 'Broken Ltd');
    await settle(orgId);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await delivery(page, 0).filter({ hasText: 'Failed' }).waitFor(WAIT);
    await selectOption(page, 'State', 'Failed');
    await page.waitForURL(/state=failed/, WAIT);
    await delivery(page, 0).filter({ hasText: 'Failed' }).waitFor(WAIT);
    await deliveriesShown(page, 1);
    expect(await deliveryCount(page)).to.equal(1);
    const failed = delivery(page, 0);
    expect(await failed.getByRole('button').first().innerText()).to.match(/^▸\s*case\.created\s*Broken Ltd \(C-\d+\)\s*Failed\s*2 attempts\s*CRM hooks/);
    await failed.getByRole('button').first().press('Enter'); // by keyboard
    const failedAttempts = failed.getByRole('list', { name: /^Attempts of delivery/ }).getByRole('listitem');
    await failedAttempts.first().waitFor(WAIT);
    const texts = await failedAttempts.allInnerTexts();
    expect(texts).to.have.lengthOf(2);
    for (const [i, t] of texts.entries()) {
      expect(t).to.match(new RegExp(`^Attempt ${i + 1} · HTTP 500 · \\d+ ms · .+\\n+The receiver answered HTTP 500\\.\\n+Response body:\\n+broken receiver$`));
    }
    expect(JSON.parse((await failed.getByLabel(/^Payload of delivery/).textContent())!)).to.deep.include({ caseId: second });
    await expectNoSidewaysScroll(page);
    await checkPage(page, 'console-deliveries-failed');

    // Mended: Redeliver sends the same delivery again; after the attempt it is delivered, the count continued.
    status = 200;
    await selectOption(page, 'State', 'Any state');
    await page.waitForURL((u) => !u.search.includes('state='), WAIT);
    await delivery(page, 1).waitFor(WAIT);
    const again = delivery(page, 0);
    if (!(await again.getByRole('button', { name: 'Redeliver' }).isVisible())) await again.getByRole('button').first().click();
    await again.getByRole('button', { name: 'Redeliver' }).click();
    await again.getByText('Redelivery queued: one new attempt of the same payload is on its way.').waitFor(WAIT);
    await settle(orgId);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await again.getByRole('button').first().filter({ hasText: '3 attempts' }).waitFor(WAIT);
    expect(await again.getByRole('button').first().innerText()).to.match(/^▸\s*case\.created\s*Broken Ltd \(C-\d+\)\s*Delivered\s*3 attempts/);
    expect(await again.getByRole('list', { name: /^Attempts of delivery/ }).getByRole('listitem').nth(2).innerText()).to.match(/^Attempt 3 · HTTP 200 · /);
    const replayed = r.requests.filter((q) => JSON.parse(q.body.toString()).caseId === second);
    expect(replayed.map((q) => [q.headers['x-svc-attempt'], q.body.equals(replayed[0]!.body)])).to.deep.equal([['1', true], ['2', true], ['3', true]]);

    // Filters: event type and endpoint narrow the list (and say so when nothing matches).
    await selectOption(page, 'Event type', 'case.decision.made');
    await page.getByText('No delivery matches these filters.').waitFor(WAIT);
    await selectOption(page, 'Event type', 'case.created');
    await selectOption(page, 'Endpoint', 'CRM hooks');
    await page.waitForURL(/endpoint=.+&eventType=case.created|eventType=case.created&endpoint=/, WAIT);
    await delivery(page, 1).waitFor(WAIT);
    expect(await deliveryCount(page)).to.equal(2);
    await delivery(page, 0).getByRole('button').first().click();
    await delivery(page, 0).getByRole('button', { name: 'Redeliver' }).waitFor(WAIT);
    await checkPage(page, 'console-deliveries');

    // Paused: a redelivery is sent anyway, and the page says so in the API's words.
    await page.getByRole('link', { name: 'Webhook endpoints' }).click();
    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByText('Paused. New events are recorded as skipped and not sent; due retries are cancelled.').waitFor(WAIT);
    await card.locator('.badge').filter({ hasText: 'Paused' }).waitFor(WAIT);
    expect(await card.getByRole('button', { name: 'Resume' }).count()).to.equal(1);
    await page.getByRole('link', { name: 'Recent deliveries' }).first().click();
    const old = delivery(page, 1);
    await old.getByRole('button').first().click();
    await old.getByRole('button', { name: 'Redeliver' }).click();
    await old.getByText(PAUSED_NOTICE).waitFor(WAIT);
    await settle(orgId);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('webhooks: field errors next to their fields; edit events, rotate the secret, delete after confirming', async () => {
    const c = await h.signedIn('analyst');
    const r = await receiver();
    const w = await open(c, '/console/settings/webhooks', 'dark-360');
    const { page } = w;
    await heading(page, 'Webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('URL').fill('http://crm.example.com/hooks');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    const url = page.getByRole('textbox', { name: 'URL' });
    await page.locator('.field-error').filter({ hasText: 'must use https' }).waitFor(WAIT);
    expect(await url.getAttribute('aria-invalid')).to.equal('true');
    // The one problem is said beside its field, not again above the form with the field's path.
    expect(await page.locator('.notice-error').count()).to.equal(0);
    await checkPage(page, 'console-webhooks-invalid-dark-360');

    await url.fill(r.url());
    await page.getByLabel('Secret (optional)').fill('my-own-secret-0123456789');
    await page.getByRole('checkbox', { name: 'Every event type, including ones added later' }).press('Space');
    await page.getByRole('checkbox', { name: 'case.created', exact: true }).press('Space');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    expect(await page.getByTestId('secret').textContent()).to.equal('my-own-secret-0123456789');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const card = page.getByRole('article', { name: r.url() });
    expect(await card.locator('dl.facts').innerText()).to.equal(`URL\n${r.url()}\nEvents\ncase.created\nLast success\nNone yet`);

    // Edit: label and events in a dialog.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${r.url()}` });
    await edit.getByLabel('Label').fill('Renamed');
    await edit.getByRole('checkbox', { name: 'case.decision.made' }).press('Space');
    await checkPage(page, 'console-webhooks-edit-dark-360');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const renamed = page.getByRole('article', { name: 'Renamed' });
    await renamed.getByText('Endpoint saved.').waitFor(WAIT);
    expect(await renamed.locator('dl.facts').innerText()).to.equal(`URL\n${r.url()}\nEvents\ncase.created, case.decision.made\nLast success\nNone yet`);

    // Rotate: a generated secret, shown once, signs the next request.
    await renamed.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the secret of Renamed' }).getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = (await renamed.getByTestId('secret').textContent())!;
    expect(rotated).to.match(/^[0-9a-f]{64}$/);
    await renamed.getByRole('button', { name: 'Send test' }).click();
    const [req] = await r.waitForRequests(1);
    expect(await octokitVerify(rotated, req!.body.toString(), req!.headers['x-svc-signature'] as string)).to.equal(true);

    // Delete: Cancel keeps it; confirming removes it.
    await renamed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Renamed?' });
    expect(await confirm.getByRole('paragraph').textContent()).to.equal('Its secret is destroyed and deliveries still waiting fail. The delivery log stays.');
    await checkPage(page, 'console-webhooks-delete-dark-360');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached', ...WAIT });
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No endpoints yet. Add one to receive events as they happen.').waitFor(WAIT);
    expect((await c.data<{ webhookEndpoints: unknown[] }>('{ webhookEndpoints { id } }')).webhookEndpoints).to.deep.equal([]);
    await expectNoSidewaysScroll(page);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('API credentials created by a member who was since removed are marked, with an expiry column', async () => {
    const admin = await h.signedIn('admin');
    const leaver = await h.signedIn('analyst', admin.member.tenant);
    await leaver.data('mutation { createApiClient(input: { name: "Leaver CRM", scopes: ["read:cases"], expiresAt: "2999-01-31T23:59:59.999Z" }) { clientId } }');
    await admin.data('mutation ($id: ID!) { removeMember(memberId: $id) }', { id: leaver.member.id });
    const w = await open(admin, '/console/settings/credentials');
    const row = w.page.getByRole('row').filter({ hasText: 'Leaver CRM' });
    await row.waitFor(WAIT);
    expect(await row.locator('.badge-warn').innerText()).to.equal('Created by a removed member');
    expect(await w.page.getByRole('columnheader').allInnerTexts()).to.deep.equal(['Name', 'Client ID', 'Scopes', 'Created', 'Last used', 'Expires', 'Actions']);
    expect(await row.locator('time').last().getAttribute('datetime')).to.equal('2999-01-31T23:59:59.999Z');
    await checkPage(w.page, 'console-credentials-removed-creator');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('API credentials: a scope checklist, the secret shown once, the token works; Revoke after confirming and it stops', async () => {
    const c = await h.signedIn('analyst');
    const w = await open(c, '/console/settings/credentials');
    const { page } = w;
    await heading(page, 'API credentials');
    await page.getByText('No credentials yet.').waitFor(WAIT);
    await page.getByRole('button', { name: 'Create credentials' }).click();
    const group = page.getByRole('group', { name: 'Scopes' });
    await group.waitFor(WAIT);
    expect(await group.locator('.check-label').allInnerTexts()).to.deep.equal([...SCOPES]);
    const checked = [];
    for (const s of SCOPES) checked.push(await group.getByRole('checkbox', { name: s, exact: true }).isChecked());
    expect(checked).to.deep.equal(SCOPES.map((s) => !OPT_IN_SCOPES.includes(s)));
    await page.getByLabel('Name').fill('HubSpot');
    for (const s of ['read:documents', 'read:events', 'read:decisions', 'read:screening', 'screening:write']) await page.getByRole('checkbox', { name: s, exact: true }).press('Space');
    await checkPage(page, 'console-credentials-create');
    await page.getByRole('button', { name: 'Create credentials' }).click();
    await page.getByRole('heading', { name: 'Credentials created: HubSpot' }).waitFor(WAIT);
    const [clientId, clientSecret] = await page.locator('.secret-value').allTextContents();
    expect(clientId).to.match(/^cli_/);
    const token = await tokenFor(h, clientId!, clientSecret!);
    expect(token.body.scope).to.equal('read:cases cases:write');
    expect((await pull(h, '/v1/cases', token.body.access_token as string)).status).to.equal(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    const row = page.getByRole('row').filter({ hasText: 'HubSpot' });
    await row.waitFor(WAIT);
    expect(await row.getByRole('gridcell').allInnerTexts()).to.include.members([clientId, 'read:cases cases:write']);
    expect(await page.locator('body').innerText()).to.not.contain(clientSecret);
    await checkPage(page, 'console-credentials-light');

    // Rotation: the new secret is shown once, both work until the previous one is retired.
    await row.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('alertdialog', { name: 'Rotate the secret of HubSpot?' }).getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('heading', { name: 'New secret: HubSpot' }).waitFor(WAIT);
    const [, newSecret] = await page.locator('.secret-value').allTextContents();
    expect(newSecret).to.not.equal(clientSecret);
    expect((await tokenFor(h, clientId!, clientSecret!)).status).to.equal(200);
    expect((await tokenFor(h, clientId!, newSecret!)).status).to.equal(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await row.getByRole('button', { name: 'Retire previous secret' }).click();
    await page.getByRole('alertdialog', { name: 'Retire the previous secret of HubSpot?' }).getByRole('button', { name: 'Retire previous secret' }).click();
    await page.getByText('Retired the previous secret of HubSpot: only the new one works now.').waitFor(WAIT);
    expect((await tokenFor(h, clientId!, clientSecret!)).body.error).to.equal('invalid_client');
    expect((await tokenFor(h, clientId!, newSecret!)).status).to.equal(200);

    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke HubSpot?' });
    await dialog.getByRole('button', { name: 'Revoke credentials' }).click();
    await page.getByText('Revoked HubSpot: its tokens stop working from their next call.').waitFor(WAIT);
    await page.getByText('No credentials yet.').waitFor(WAIT);
    expect((await pull(h, '/v1/cases', token.body.access_token as string)).status).to.equal(401);
    expect((await tokenFor(h, clientId!, clientSecret!)).body.error).to.equal('invalid_client');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('connected apps: every member\'s apps with who connected them; Disconnect on your own, an admin on anyone\'s', async () => {
    const admin = await h.signedIn('admin');
    const analyst = await h.signedIn('analyst', admin.member.tenant);
    await connectApp(h, admin.member);
    const theirs = await connectApp(h, analyst.member, 'read:cases read:events');

    const w = await open(analyst, '/console/settings/connected-apps', 'dark-360');
    const cards = w.page.getByRole('list', { name: 'Connected apps' }).getByRole('article');
    await cards.first().waitFor(WAIT);
    expect(await cards.count()).to.equal(2);
    const mine = cards.filter({ hasText: analyst.member.email });
    expect(await mine.locator('dl.facts').innerText()).to.match(new RegExp(`^Connected by\\nanalyst \\d+ \\(${re(analyst.member.email)}\\)\\nScopes\\nread:cases read:events\\nConnected\\n.+\\nLast used\\n.+\\nCalls, 30 days\\n0\\nLast call\\nNever$`));
    expect(await mine.getByRole('button', { name: 'Disconnect' }).count()).to.equal(1);
    expect(await cards.filter({ hasText: admin.member.email }).getByRole('button', { name: 'Disconnect' }).count()).to.equal(0);
    await expectNoSidewaysScroll(w.page);
    await checkPage(w.page, 'console-connected-apps-dark-360');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const a = await open(admin, '/console/settings/connected-apps');
    const adminCards = a.page.getByRole('list', { name: 'Connected apps' }).getByRole('article');
    await adminCards.first().waitFor(WAIT);
    expect(await adminCards.getByRole('button', { name: 'Disconnect' }).count()).to.equal(2);
    await adminCards.filter({ hasText: analyst.member.email }).getByRole('button', { name: 'Disconnect' }).click();
    await a.page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect app' }).click();
    await a.page.getByText(/^Disconnected .+: its tokens no longer work\.$/).waitFor(WAIT);
    await adminCards.nth(1).waitFor({ state: 'detached', ...WAIT });
    await adminCards.first().waitFor(WAIT);
    expect(await adminCards.count()).to.equal(1);
    expect(await adminCards.first().innerText()).to.contain(admin.member.email);
    expect((await pull(h, '/v1/cases', theirs.accessToken)).status).to.equal(401);
    await checkPage(a.page, 'console-connected-apps-light');
    await a.close();
  });

  it('organisation: one save pattern per panel; a compliance admin saves four-eyes, a document on file and (only when entitled) full parity and zero retention; an analyst sees no switch', async () => {
    const ca = await h.signedIn('compliance_admin');
    const w = await open(ca, '/console/settings/organisation');
    const { page } = w;
    await heading(page, 'Organisation settings');
    const panel = (title: string) => page.locator('section.panel', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    const save = (title: string) => panel(title).getByRole('button', { name: 'Save changes' });
    const saved = (title: string, words: string) => panel(title).getByRole('status').filter({ hasText: `Saved. ${words}` }).waitFor(WAIT);
    expect(await page.getByRole('heading', { name: 'Full-parity egress' }).count()).to.equal(0);
    // Every panel the compliance admin may change has its own Save changes, disabled until something changes (Second factor is the admin's).
    await save('Default MLRO').waitFor(WAIT);
    for (const button of await page.getByRole('button', { name: 'Save changes' }).all()) expect(await button.isDisabled()).to.equal(true);
    expect(await panel('Second factor').getByRole('button').count()).to.equal(0);
    const fourEyes = page.getByRole('switch', { name: 'Require four-eyes approval' });
    expect(await fourEyes.isChecked()).to.equal(true); // a new organisation starts with four-eyes on
    expect(await save('Four-eyes approval').isDisabled()).to.equal(true);
    await fourEyes.press('Space');
    expect(await save('Four-eyes approval').isDisabled()).to.equal(false);
    expect((await ca.data<{ me: { org: { fourEyes: boolean } } }>('{ me { org { fourEyes } } }')).me.org.fourEyes, 'nothing saved before Save changes').to.equal(true);
    await save('Four-eyes approval').click();
    await saved('Four-eyes approval', 'Four-eyes approval is off.');
    expect(await fourEyes.isChecked()).to.equal(false);
    expect(await save('Four-eyes approval').isDisabled()).to.equal(true);
    expect((await ca.data<{ me: { org: { fourEyes: boolean } } }>('{ me { org { fourEyes } } }')).me.org.fourEyes).to.equal(false);
    // Accept a valid document on file (with a selfie required): off by default; switched on here, audited.
    const onFile = page.getByRole('switch', { name: 'Accept a valid document on file instead of the link' });
    expect(await onFile.isChecked()).to.equal(false);
    await onFile.press('Space');
    await save('Identity verification').click();
    await saved('Identity verification', 'A valid, accepted document on file now stands in for the link even when a selfie is required.');
    expect((await ca.data<{ me: { org: { idvAcceptDocumentOnFile: boolean } } }>('{ me { org { idvAcceptDocumentOnFile } } }')).me.org.idvAcceptDocumentOnFile).to.equal(true);

    await setFullParity(h.svc, operatorActor(ca.member.tenant.id), { entitled: true });
    await page.reload();
    const parity = page.getByRole('switch', { name: 'Send the full case file' });
    await parity.waitFor(WAIT);
    expect(await parity.isChecked()).to.equal(false);
    await parity.press('Space');
    await save('Full-parity egress').click();
    await saved('Full-parity egress', 'Full-parity egress is on.');
    expect((await ca.data<{ me: { org: { fullParityEnabled: boolean } } }>('{ me { org { fullParityEnabled } } }')).me.org.fullParityEnabled).to.equal(true);
    // Zero retention (needs full parity, now on): switched on here, then off again by switching full parity off.
    const retention = page.getByRole('switch', { name: 'Purge personal data after delivery' });
    expect(await retention.isChecked()).to.equal(false);
    await retention.press('Space');
    await save('Zero retention').click();
    await saved('Zero retention', 'Zero retention is on.');
    expect((await ca.data<{ me: { org: { zeroRetention: boolean } } }>('{ me { org { zeroRetention } } }')).me.org.zeroRetention).to.equal(true);
    await checkPage(page, 'console-organisation-light');
    await parity.press('Space');
    await save('Full-parity egress').click();
    await saved('Full-parity egress', 'Full-parity egress is off. Zero retention is off too: it needs full-parity egress.');
    expect(await retention.isChecked()).to.equal(false);
    expect(await retention.isDisabled()).to.equal(true);
    await page.getByText('Switch full-parity egress on first: the purge waits for the full case file to be delivered.').waitFor(WAIT);
    await checkPage(page, 'console-organisation-retention-off-light');
    await parity.press('Space');
    await save('Full-parity egress').click();
    await saved('Full-parity egress', 'Full-parity egress is on.');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const analyst = await h.signedIn('analyst', ca.member.tenant);
    const v = await open(analyst, '/console/settings/organisation', 'dark-360');
    await heading(v.page, 'Organisation settings');
    expect(await v.page.getByRole('main').getByRole('switch').count(), 'no switch in the page (the header has the Test data switch)').to.equal(0);
    expect(await v.page.getByRole('button', { name: 'Save changes' }).count()).to.equal(0);
    // The monitoring schedule and the reuse window load with their own requests, after the rest of the page.
    await v.page.locator('.panel p strong').filter({ hasText: '365 days.' }).waitFor(WAIT);
    await v.page.locator('.panel p strong').filter({ hasText: 'Daily.' }).waitFor(WAIT);
    // Require MFA, the current address, the IP allow-list, the inactivity limit, four-eyes, the default MLRO, the webhook alert threshold,
    // the IDV selfie, a document on file, full parity, zero retention, monitoring, the reuse window.
    expect(await v.page.locator('.panel p strong').allTextContents()).to.deep.equal([
      'Not required.', '127.0.0.1', 'Every address.', 'Never.', 'Off.', 'None.', 'After 60 minutes.', 'Off.', 'On.', 'On.', 'Off.', 'Daily.', '365 days.',
    ]);
    await checkPage(v.page, 'console-organisation-dark-360');
    await v.close();
  });

  it('organisation: a switch that needs a fresh second factor opens the step-up dialog on Save changes, then saves', async () => {
    const enrolling = await h.signedIn('admin');
    const { startTotpEnrolment } = await enrolling.data<{ startTotpEnrolment: { secret: string } }>('mutation { startTotpEnrolment { secret } }');
    await enrolling.data('mutation($code: String!) { confirmTotpEnrolment(code: $code) }', { code: appCode(startTotpEnrolment.secret) });
    // A new session of that admin, in which no second factor was proved yet.
    const w = await open(await h.signedInAs(enrolling.member), '/console/settings/organisation');
    const { page } = w;
    await heading(page, 'Organisation settings');
    const panel = page.locator('section.panel', { has: page.getByRole('heading', { level: 2, name: 'Second factor' }) });
    await panel.getByRole('switch', { name: 'Require MFA' }).press('Space');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor(WAIT);
    await checkPage(page, 'console-organisation-step-up');
    // The code of the next 30-second step: the one of this step was used to enrol.
    await dialog.getByLabel('Code from your authenticator app, or a recovery code').fill(appCode(startTotpEnrolment.secret, 1));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved. Every member now needs a second factor.' }).waitFor(WAIT);
    expect((await enrolling.data<{ me: { org: { mfaRequired: boolean } } }>('{ me { org { mfaRequired } } }')).me.org.mfaRequired).to.equal(true);
    expect(await w.problems()).to.deep.equal([]);
    await w.close();
  });

  it('members: an admin invites, changes a role and removes; an analyst sees the list without the admin controls', async () => {
    const admin = await h.signedIn('admin');
    const other = await h.member('analyst', admin.member.tenant);
    const w = await open(admin, '/console/settings/members');
    const { page } = w;
    await heading(page, 'Members');
    await page.getByRole('row').filter({ hasText: other.email }).waitFor(WAIT);

    await page.getByRole('button', { name: 'Invite member' }).click();
    await page.getByLabel('Email').fill(admin.member.email);
    await page.getByLabel('Name').fill('Twin');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('alert').filter({ hasText: 'This clashes with something that already exists' }).waitFor(WAIT);
    const email = `nora.${admin.member.tenant.id.slice(0, 8)}@console.example`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Nora');
    await selectOption(page, 'Role', 'MLRO');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}. The link works once, for 7 days.`).waitFor(WAIT);
    const nora = page.getByRole('row').filter({ hasText: email });
    await nora.waitFor(WAIT);
    expect((await nora.getByRole('gridcell').allInnerTexts()).slice(0, 2)).to.deep.equal([email, 'MLRO']);

    const row = page.getByRole('row').filter({ hasText: other.email });
    await row.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog');
    await selectOption(page, 'Role', 'Compliance admin', dialog);
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await page.getByText(/is now Compliance admin\. Their sessions have ended; they sign in again\.$/).waitFor(WAIT);
    await row.getByRole('gridcell', { name: 'Compliance admin', exact: true }).waitFor(WAIT);
    expect((await row.getByRole('gridcell').allInnerTexts())[1]).to.equal('Compliance admin');

    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
    await page.getByText(/ was removed\.$/).waitFor(WAIT);
    await row.waitFor({ state: 'detached', ...WAIT });
    expect(await page.getByRole('row').filter({ hasText: '(you)' }).getByRole('button').count()).to.equal(0);
    await checkPage(page, 'console-members-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    const analyst = await h.signedIn('analyst', admin.member.tenant);
    const v = await open(analyst, '/console/settings/members', 'dark-360');
    await heading(v.page, 'Members');
    await v.page.getByRole('row').filter({ hasText: email }).waitFor(WAIT);
    expect(await v.page.getByRole('button', { name: 'Invite member' }).count()).to.equal(0);
    expect(await v.page.getByRole('button', { name: 'Change role' }).count()).to.equal(0);
    expect(await v.page.getByRole('button', { name: 'Remove' }).count()).to.equal(0);
    expect(await v.page.getByRole('columnheader').allInnerTexts()).to.deep.equal(['Name', 'Email', 'Role', 'Member since', 'Last sign-in', 'Status']);
    // The audit log is a compliance admin's: no link for an analyst.
    expect(await v.page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link').allInnerTexts()).to.deep.equal([
      'Webhooks', 'Recent deliveries', 'API credentials', 'Connected apps', 'Organisation', 'Public intake link', 'Screening', 'Cleared hits', 'Risk model',
      'Decision policy', 'SLAs', 'Retention', 'Members',
    ]);
    await expectNoSidewaysScroll(v.page);
    await checkPage(v.page, 'console-members-dark-360');
    await v.close();
  });

  it('audit log: a compliance admin reads the changes newest first, a page at a time', async () => {
    const ca = await h.signedIn('compliance_admin');
    for (let i = 0; i < 14; i++) await ca.data('mutation ($on: Boolean!) { setFourEyes(enabled: $on) { fourEyes } }', { on: i % 2 === 1 });
    for (let i = 0; i < 13; i++) await ca.data(`mutation { createApiClient(input: { name: "Client ${i}" }) { clientId } }`);
    const w = await open(ca, '/console/settings/audit-log');
    const { page } = w;
    await heading(page, 'Audit log');
    const rows = page.getByRole('grid', { name: 'Audit log' }).getByRole('row');
    await rows.nth(1).waitFor(WAIT);
    expect(await rows.count()).to.equal(26); // the header and 25
    await rows.nth(1).getByRole('gridcell').first().filter({ hasText: `(${ca.member.email})` }).waitFor(WAIT); // names come with the members list
    const newest = await rows.nth(1).getByRole('gridcell').allInnerTexts();
    expect(newest[0]).to.equal(`compliance_admin ${/\d+/.exec(newest[0]!)![0]} (${ca.member.email})`); // the member's name and email
    expect(newest[1]).to.equal('created API credentials Client 12');
    expect(await rows.nth(1).getByRole('link', { name: 'Client 12' }).getAttribute('href')).to.equal('/console/settings/credentials');
    expect(newest[2]).to.match(/^client id\s*cli_\S+\s*name\s*Client 12\s*scopes\s*read:cases,/);
    await page.getByRole('button', { name: 'Load more' }).click();
    await rows.nth(27).waitFor(WAIT);
    expect(await rows.count()).to.equal(28);
    const oldest = await rows.nth(27).getByRole('gridcell').allInnerTexts();
    expect(oldest.slice(1)).to.deep.equal(['switched four-eyes approval', 'enabled\non → off']);
    expect(await rows.nth(27).locator('del').innerText()).to.equal('on');

    // Filters in the address: the action, the actor, a day range (today, then a day with nothing).
    await selectOption(page, 'Action', 'switched four-eyes approval');
    await page.waitForURL(/action=four_eyes.set/, WAIT);
    await untilFrame(page, () => rows.count(), 15);
    expect(await rows.count()).to.equal(15); // the header and the 14 switches
    await page.reload();
    await untilFrame(page, () => rows.count(), 15);
    expect(await rows.nth(1).getByRole('gridcell').nth(1).innerText()).to.equal('switched four-eyes approval');
    const today = new Date().toLocaleDateString('en-CA');
    await page.goto(`${h.url}/console/settings/audit-log?actor=${encodeURIComponent(ca.member.email)}&from=${today}&to=${today}&action=api_client.created`);
    await untilFrame(page, () => rows.count(), 14);
    expect(await rows.count()).to.equal(14);
    await page.goto(`${h.url}/console/settings/audit-log?from=2020-01-01&to=2020-01-02`);
    await page.getByText('Nothing recorded matches these filters.').waitFor(WAIT);
    await page.goto(`${h.url}/console/settings/audit-log?action=four_eyes.set`);
    await rows.nth(1).waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).to.equal(0);
    // The chain check: Verify chain answers in words beside the button.
    await page.getByRole('button', { name: 'Verify chain' }).click();
    const verdict = page.getByRole('status').filter({ hasText: 'Chain' });
    await verdict.waitFor(WAIT);
    expect(await verdict.innerText()).to.match(/^Chain intact: \d+ entries checked; no head signed yet\.$/);
    await checkPage(page, 'console-audit-log-light');
    expect(await w.problems()).to.deep.equal([]);
    await w.close();

    // An analyst who types the address gets the server's refusal in words.
    const analyst = await h.signedIn('analyst', ca.member.tenant);
    const v = await open(analyst, '/console/settings/audit-log', 'dark-360');
    const alert = v.page.getByRole('alert');
    await alert.waitFor(WAIT);
    expect(await alert.locator('p').allTextContents()).to.deep.equal(['Not allowed', 'This requires the compliance_admin role or higher; you are analyst.']);
    await checkPage(v.page, 'console-audit-log-forbidden-dark-360');
    await v.close();
  });

  it('every settings page in both looks: axe clean, no sideways scroll at 360 px, CSP held; empty states', async () => {
    const admin = await h.signedIn('admin');
    for (const look of Object.keys(LOOKS) as Look[]) {
      const w = await open(admin, '/console/settings', look);
      const { page } = w;
      await heading(page, 'Webhooks');
      expect(page.url()).to.equal(`${h.url}/console/settings/webhooks`);
      const pages: [string, string, string][] = [
        ['Recent deliveries', 'Recent deliveries', 'No deliveries yet. They appear here as events are sent to your endpoints.'],
        ['API credentials', 'API credentials', 'No credentials yet.'],
        ['Connected apps', 'Connected apps', 'No app is connected.'],
        ['Organisation', 'Organisation settings', 'When on, a monitoring-review verdict, and an approval of a case over its open checks, needs a second person to approve it.'],
        ['Risk model', 'Risk model', 'Factor weights'],
        ['Decision policy', 'Decision policy', 'Rules, in order'],
        ['SLAs', 'SLAs', 'Last saved: never.'],
        ['Members', 'Members', admin.member.email],
        ['Audit log', 'Audit log', 'Nothing recorded yet.'],
        ['Webhooks', 'Webhooks', 'No endpoints yet. Add one to receive events as they happen.'],
      ];
      for (const [link, title, text] of pages) {
        await page.getByRole('navigation', { name: 'Compliance configuration' }).getByRole('link', { name: link, exact: true }).click();
        await heading(page, title);
        await page.getByText(text).first().waitFor(WAIT);
        expect(await page.getByRole('link', { name: link, exact: true }).getAttribute('aria-current')).to.equal('page');
        expect(await page.title()).to.equal(`${title} · Compliance configuration`);
        await expectNoSidewaysScroll(page);
        await checkPage(page, `console-settings-${link.toLowerCase().replace(/ /g, '-')}-empty-${look}`);
      }
      expect(await w.problems()).to.deep.equal([]);
      await w.close();
    }
  });
});

/** Picks `option` in the React Aria Select labelled `label` (its button, then the option in the listbox). */
async function selectOption(page: Page, label: string, option: string, within: Page | Locator = page): Promise<void> {
  // A React Aria Select's button is named by its value and its label ("Any state State").
  await within.getByRole('button', { name: new RegExp(`(^|\\s)${re(label)}$`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 10_000 });
}

function re(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

