import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import QRCode from 'qrcode';
import { slugFromName } from '../../src/tenants/tenant-slug';
import { ConsoleHarness } from '../graphql/harness';
import { failure, portalClient } from './support';

const PUBLIC_INTAKE = '{ publicIntake { enabled slug url } }';
const SET_PUBLIC_INTAKE = 'mutation ($enabled: Boolean!, $slug: String) { setPublicIntake(enabled: $enabled, slug: $slug) { enabled slug url } }';
const AUDIT = '{ auditLog(first: 10) { edges { node { actor action details } } } }';

interface Intake { enabled: boolean; slug: string; url: string }
interface AuditPage { auditLog: { edges: { node: { actor: string; action: string; details: Record<string, unknown> } }[] } }

const NOT_ACTIVE = 'This application link is not active. Check the address, or ask the company for its current link.';
const suffix = () => randomBytes(4).toString('hex');

describe('public intake link: the tenant setting (GraphQL) and {APP_URL}/apply/<slug>', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('every tenant has a URL-safe slug from its name; a name already taken gets -2, -3', async () => {
    const tag = suffix();
    const first = await h.tenant(`Société Générale (UK) ${tag}`);
    const second = await h.tenant(`Société Générale (UK) ${tag}`);
    const third = await h.tenant(`SOCIETE generale -- uk ${tag}!`);
    expect([first.slug, second.slug, third.slug]).to.deep.equal([`societe-generale-uk-${tag}`, `societe-generale-uk-${tag}-2`, `societe-generale-uk-${tag}-3`]);
    expect((await h.tenant('株式会社')).slug).to.match(/^org(-[a-z0-9]+)*$/);
    expect((await h.tenant(`Straße Æther Øst ${tag}`)).slug).to.equal(`strasse-aether-ost-${tag}`);
  });

  it('tenants created at once with one name each get a slug of their own', async () => {
    const name = `Racing Name ${suffix()}`;
    const tenants = await Promise.all(Array.from({ length: 6 }, () => h.tenant(name)));
    const slugs = tenants.map((t) => t.slug);
    expect(new Set(slugs).size).to.equal(6);
    for (const slug of slugs) expect(slug).to.match(new RegExp(`^${slugFromName(name)}(-[a-z0-9]+)?$`));
    const stored: { slug: string }[] = await h.svc.db.query('SELECT slug FROM tenants WHERE id IN (?)', [tenants.map((t) => t.id)]);
    expect(stored.map((r) => r.slug).sort()).to.deep.equal([...slugs].sort());
  });

  it('a compliance admin sees the link (off by default), switches it on, renames it; each change audited once', async () => {
    const tenant = await h.tenant(`Northwind ${suffix()}`);
    const admin = await h.signedIn('compliance_admin', tenant);
    expect((await admin.data<{ publicIntake: Intake }>(PUBLIC_INTAKE)).publicIntake).to.deep.equal({
      enabled: false, slug: tenant.slug, url: `${h.url}/apply/${tenant.slug}`,
    });
    expect((await failure(portalClient(h.url).intake.tenant.query({ slug: tenant.slug }))).message, 'off: not found').to.equal(NOT_ACTIVE);

    const on = (await admin.data<{ setPublicIntake: Intake }>(SET_PUBLIC_INTAKE, { enabled: true })).setPublicIntake;
    expect(on).to.deep.equal({ enabled: true, slug: tenant.slug, url: `${h.url}/apply/${tenant.slug}` });
    await admin.data(SET_PUBLIC_INTAKE, { enabled: true }); // no change: no audit line
    expect(await portalClient(h.url).intake.tenant.query({ slug: tenant.slug })).to.deep.equal({ name: tenant.name, brandColor: '#1F4FD8', logoUrl: null });

    const renamed = `northwind-apply-${suffix()}`;
    const after = (await admin.data<{ setPublicIntake: Intake }>(SET_PUBLIC_INTAKE, { enabled: true, slug: `  ${renamed.toUpperCase()} ` })).setPublicIntake;
    expect(after).to.deep.equal({ enabled: true, slug: renamed, url: `${h.url}/apply/${renamed}` });
    expect((await failure(portalClient(h.url).intake.tenant.query({ slug: tenant.slug }))).code, 'the old slug stops at once').to.equal('NOT_FOUND');
    expect((await portalClient(h.url).intake.tenant.query({ slug: renamed })).name).to.equal(tenant.name);

    const log = (await admin.data<AuditPage>(AUDIT)).auditLog.edges.map((e) => e.node);
    expect(log).to.deep.equal([
      { actor: admin.member.email, action: 'public_intake.set', details: { enabled: true, slug: renamed, previous: { enabled: true, slug: tenant.slug } } },
      { actor: admin.member.email, action: 'public_intake.set', details: { enabled: true, slug: tenant.slug, previous: { enabled: false, slug: tenant.slug } } },
    ]);

    const off = (await admin.data<{ setPublicIntake: Intake }>(SET_PUBLIC_INTAKE, { enabled: false })).setPublicIntake;
    expect(off.enabled).to.equal(false);
    expect((await failure(portalClient(h.url).intake.tenant.query({ slug: renamed }))).message).to.equal(NOT_ACTIVE);
  });

  it('other roles see the link but cannot change it (FORBIDDEN); another tenant\'s slug and a malformed one are refused on `slug`', async () => {
    const tenant = await h.tenant();
    for (const role of ['analyst', 'mlro'] as const) {
      const member = await h.signedIn(role, tenant);
      expect((await member.data<{ publicIntake: Intake }>(PUBLIC_INTAKE)).publicIntake.enabled).to.equal(false);
      expect(await member.error(SET_PUBLIC_INTAKE, { enabled: true })).to.deep.equal({
        code: 'FORBIDDEN', message: `This requires the compliance_admin role or higher; you are ${role}.`,
        extensions: { code: 'FORBIDDEN', reason: 'forbidden', requiredRole: 'compliance_admin' },
      });
    }
    expect((await h.browser().error(PUBLIC_INTAKE)).code).to.equal('UNAUTHENTICATED');

    const admin = await h.signedIn('admin', tenant);
    const other = await h.tenant();
    const taken = await admin.error(SET_PUBLIC_INTAKE, { enabled: true, slug: other.slug });
    expect(taken).to.deep.include({ code: 'BAD_USER_INPUT', message: 'slug: is already used by another organisation' });
    expect(taken.extensions.details).to.deep.equal([{ path: 'slug', message: 'is already used by another organisation' }]);
    const rule = 'must be 3 to 63 lowercase letters, digits and single hyphens, starting and ending with a letter or digit';
    for (const slug of ['ab', '-abc', 'abc-', 'a--bc', 'ab c', 'ab_c', 'x'.repeat(64), 'café']) {
      expect((await admin.error(SET_PUBLIC_INTAKE, { enabled: true, slug })).extensions.details, slug).to.deep.equal([{ path: 'slug', message: rule }]);
    }
    expect((await admin.data<{ publicIntake: Intake }>(PUBLIC_INTAKE)).publicIntake, 'nothing changed').to.deep.equal({
      enabled: false, slug: tenant.slug, url: `${h.url}/apply/${tenant.slug}`,
    });
  });

  it('qrSvg: the link as a QR code (SVG) for any member, following a rename', async () => {
    const tenant = await h.tenant(`QR Code ${suffix()}`);
    const analyst = await h.signedIn('analyst', tenant);
    const QR = '{ publicIntake { url qrSvg } }';
    const before = (await analyst.data<{ publicIntake: { url: string; qrSvg: string } }>(QR)).publicIntake;
    expect(before.qrSvg).to.match(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 \d+ \d+"/);
    // The same modules as a QR code of the URL itself: it encodes the link, nothing else.
    expect(before.qrSvg).to.equal(await QRCode.toString(before.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    const admin = await h.signedIn('compliance_admin', tenant);
    const renamed = `qr-renamed-${suffix()}`;
    await admin.data(SET_PUBLIC_INTAKE, { enabled: true, slug: renamed });
    const after = (await analyst.data<{ publicIntake: { url: string; qrSvg: string } }>(QR)).publicIntake;
    expect(after.url).to.equal(`${h.url}/apply/${renamed}`);
    expect(after.qrSvg).to.equal(await QRCode.toString(after.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    expect(after.qrSvg).to.not.equal(before.qrSvg);
  });

  it('GET /apply/<slug> leads to the portal app while the link is on; an unknown slug and a link that is off get the same friendly 404 page', async () => {
    const tenant = await h.tenant(`Apply Page ${suffix()}`);
    const admin = await h.signedIn('compliance_admin', tenant);
    const off = await fetch(`${h.url}/apply/${tenant.slug}`, { redirect: 'manual' });
    const unknown = await fetch(`${h.url}/apply/no-such-tenant-${suffix()}`, { redirect: 'manual' });
    for (const res of [off, unknown]) {
      expect(res.status).to.equal(404);
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      expect(res.headers.get('content-security-policy')).to.match(/^default-src 'none'/);
      const html = await res.text();
      expect(html).to.include('<h1 data-testid="intake-state">This application link is not active</h1>');
      expect(html).to.include(NOT_ACTIVE);
      expect(html).to.not.include(tenant.name);
    }

    await admin.data(SET_PUBLIC_INTAKE, { enabled: true });
    const on = await fetch(`${h.url}/apply/${tenant.slug.toUpperCase()}`, { redirect: 'manual' });
    expect(on.status).to.equal(302);
    expect(on.headers.get('location')).to.equal(`/portal/app/apply/${tenant.slug}`);
    const app = await fetch(`${h.url}/apply/${tenant.slug}`);
    expect(app.url).to.equal(`${h.url}/portal/app/apply/${tenant.slug}`);
    expect(app.status).to.equal(200);
    expect(app.headers.get('content-security-policy')).to.match(/^default-src 'none'; script-src 'self'; style-src 'self' 'nonce-/);
    expect(await app.text()).to.match(/<div id="root">/);
  });
});
