import { expect } from 'chai';
import type { CustomerActor } from '../../src/access/index';
import { saveApplication } from '../../src/portal/index';
import { ConsoleHarness } from '../graphql/harness';
import { completeApplication, failure, portalClient, signedInCustomer } from './support';

/**
 * application.save with completeStep ("Save and continue"): each form step checked when saved, conditional
 * fields and every person's email included; a website without a scheme taken as https on every door; the
 * steps' states; and the ended-session page's branding (portal.linkBranding).
 */
describe('portal: each step checked when saved, websites without a scheme, the steps\' states', () => {
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const company = completeApplication.companyProfile;
  const stored = async (orgId: string, casePk: number) =>
    ((await h.svc.db.query('SELECT website, transacts_internationally, tax_id FROM company_profiles WHERE org_id = ? AND case_pk = ?', [orgId, casePk])) as Record<string, unknown>[])[0];

  it('a step saved as done needs its required fields and the conditional ones (countries when the company transacts internationally), writing nothing otherwise', async () => {
    const { tenant, case: c, client } = await signedInCustomer(h);
    // A partial draft is fine: the customer may come back.
    await client.application.save.mutate({ companyProfile: { taxId: 'T-1', transactsInternationally: true } });

    const ticked = await failure(client.application.save.mutate({
      companyProfile: { ...company, taxId: 'T-2', transactsInternationally: true, internationalCountries: [] }, completeStep: 'company',
    }));
    expect(ticked).to.deep.include({ code: 'BAD_REQUEST', httpStatus: 400, reason: 'validation_failed', message: 'This step is not complete yet: 1 answer is missing or invalid.' });
    expect(ticked.details).to.deep.equal([{ path: 'companyProfile.internationalCountries', message: 'list the countries the company transacts with' }]);
    expect((await stored(tenant.id, c.pk))!.tax_id, 'a refused step writes nothing').to.equal('T-1');
    expect((await client.portal.session.query()).applicationSteps[0]).to.deep.equal({ step: 'company', state: 'in_progress' });

    const bare = await failure(client.application.save.mutate({ companyProfile: { entityType: 'Private limited company' }, completeStep: 'company' }));
    expect(bare.details!.map((d) => d.path)).to.deep.equal([
      'companyProfile.registrationNumber', 'companyProfile.country', 'companyProfile.incorporationDate', 'companyProfile.registeredAddress',
      'companyProfile.businessActivity', 'companyProfile.sourceOfFunds', 'companyProfile.internationalCountries',
    ]);

    const done = await client.application.save.mutate({ companyProfile: { ...company, internationalCountries: ['DE'] }, completeStep: 'company' });
    expect(done.companyProfile.internationalCountries).to.deep.equal(['DE']);
    const session = await client.portal.session.query();
    expect(session.applicationSteps, 'done means done: the company page is complete once its required fields are saved').to.deep.equal([
      { step: 'company', state: 'complete' }, { step: 'ownership', state: 'not_started' },
    ]);
    expect(session.steps[0]).to.deep.equal({ step: 'application', state: 'in_progress' });
  });

  it('the ownership step needs an email address for every director and owner (each is sent a verification link)', async () => {
    const { client } = await signedInCustomer(h);
    const grace = { name: 'Grace Hopper', nationality: 'US', dateOfBirth: '1966-12-09' };
    const refused = await failure(client.application.save.mutate({
      ownership: { hasUbos: true, directors: [grace], ubos: [{ ...grace, ownershipPercent: 60, email: 'grace@globex.example' }] }, completeStep: 'ownership',
    }));
    expect(refused.details).to.deep.equal([
      { path: 'ownership.directors.0.email', message: 'is required: we email each director and owner a link to verify their identity' },
    ]);
    // Saved as a draft (without completeStep) it is kept; the step stays in progress.
    await client.application.save.mutate({ ownership: { hasUbos: true, directors: [grace], ubos: [{ ...grace, ownershipPercent: 60 }] } });
    expect((await client.portal.session.query()).applicationSteps[1]).to.deep.equal({ step: 'ownership', state: 'in_progress' });
    await client.application.save.mutate({
      ownership: { hasUbos: true, directors: [{ ...grace, email: 'grace@globex.example' }], ubos: [{ ...grace, ownershipPercent: 60, email: 'grace@globex.example' }] },
      completeStep: 'ownership',
    });
    expect((await client.portal.session.query()).applicationSteps[1]).to.deep.equal({ step: 'ownership', state: 'complete' });
  });

  it('takes a website without a scheme as https, over tRPC and in the use case alike, and refuses what is not a web address', async () => {
    const { tenant, case: c, client } = await signedInCustomer(h);
    const saved = await client.application.save.mutate({ companyProfile: { website: 'northwind.example' } });
    expect(saved.companyProfile.website).to.equal('https://northwind.example');
    expect((await stored(tenant.id, c.pk))!.website).to.equal('https://northwind.example');
    await client.application.save.mutate({ companyProfile: { website: '  http://northwind.example/about  ' } });
    expect((await client.application.get.query()).companyProfile.website).to.equal('http://northwind.example/about');

    // The same rule through the use case itself (the door every other caller uses).
    const customer: CustomerActor = { kind: 'customer', orgId: tenant.id, casePk: c.pk, caseId: c.caseId, email: c.customerEmail };
    const view = await saveApplication(h.svc, customer, {
      application: { companyProfile: { website: 'www.northwind.example/contact' } },
    });
    expect(view.companyProfile.website).to.equal('https://www.northwind.example/contact');

    for (const website of ['northwind', 'not a web address', 'ftp://northwind.example', 'mailto:info@northwind.example']) {
      const refused = await failure(client.application.save.mutate({ companyProfile: { website } }));
      expect(refused.details, website).to.deep.equal([
        { path: 'companyProfile.website', message: 'must be a web address, such as northwind.example or https://northwind.example' },
      ]);
    }
    expect((await client.application.get.query()).companyProfile.website).to.equal('https://www.northwind.example/contact');
  });

  it('portal.linkBranding gives the tenant\'s branding for a used link\'s token (the ended-session page), and null for an unknown one', async () => {
    const tenant = await h.tenant();
    await h.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance', brand_color = '#0F766E', logo_url = NULL WHERE id = ?`, [tenant.id]);
    const { case: c } = await signedInCustomer(h, tenant);
    const anonymous = portalClient(h.url);
    expect(await anonymous.portal.linkBranding.query({ token: c.linkToken })).to.deep.equal({ name: 'Northwind Compliance', brandColor: '#0F766E', logoUrl: null });
    expect(await anonymous.portal.linkBranding.query({ token: 'x'.repeat(43) })).to.equal(null);
  });
});
