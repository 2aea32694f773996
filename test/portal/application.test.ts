import { expect } from 'chai';
import { ConsoleHarness } from '../graphql/harness';
import { failure, signedInCustomer } from './support';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('portal application: application.get and application.save (partial drafts, per-field errors)', () => {
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('starts from what intake knew (a country name shown as its ISO code) and keeps partial drafts', async () => {
    const { client } = await signedInCustomer(h, undefined, { companyName: 'Globex Trading', country: 'United Kingdom' });
    const first = await client.application.get.query();
    expect(first).to.deep.equal({
      companyProfile: {
        companyName: 'Globex Trading', registrationNumber: null, country: 'GB', entityType: null, incorporationDate: null, registeredAddress: null,
        taxId: null, vatNumber: null, businessActivity: null, industrySector: null, annualRevenue: null, website: null, sourceOfFunds: null,
        transactsInternationally: false, internationalCountries: [], customAnswers: {},
      },
      ownership: { hasUbos: null, directors: [], ubos: [] },
      editable: true,
    });

    await client.application.save.mutate({ companyProfile: { registrationNumber: ' 09876543 ', incorporationDate: '2015-03-14', taxId: '' } });
    await client.application.save.mutate({ companyProfile: { website: 'https://globex.example', customAnswers: { employees: 42, regulated: false } } });
    const saved = await client.application.get.query();
    expect(saved.companyProfile).to.deep.include({
      companyName: 'Globex Trading', registrationNumber: '09876543', incorporationDate: '2015-03-14', taxId: null,
      website: 'https://globex.example', customAnswers: { employees: 42, regulated: false },
    });
    await client.application.save.mutate({ companyProfile: { registrationNumber: null } });
    expect((await client.application.get.query()).companyProfile.registrationNumber, 'null clears').to.equal(null);
  });

  it('stores directors and UBOs; the same person in both roles shares one person key, kept across saves', async () => {
    const { client } = await signedInCustomer(h);
    const answer = await client.application.save.mutate({
      ownership: {
        hasUbos: true,
        directors: [
          { name: 'Grace Hopper', email: 'grace@globex.example', roles: ['director', 'signatory'], nationality: 'US', dateOfBirth: '1966-12-09' },
          { name: 'Alan Turing', nationality: 'GB', dateOfBirth: '1912-06-23' },
        ],
        ubos: [{ name: 'Grace Hopper', email: 'GRACE@globex.example', ownershipPercent: 60.5, idNumber: 'P123', idCountry: 'US', countryOfResidence: 'GB' }],
      },
    });
    const [grace, alan] = answer.ownership.directors;
    const [ubo] = answer.ownership.ubos;
    expect(grace!.personKey).to.match(UUID_V4);
    expect(alan!.personKey).to.match(UUID_V4).and.not.equal(grace!.personKey);
    expect(ubo!.personKey, 'same email, same person').to.equal(grace!.personKey);
    expect(grace).to.deep.equal({
      personKey: grace!.personKey, name: 'Grace Hopper', email: 'grace@globex.example', roles: ['director', 'signatory'], ownershipPercent: null,
      nationality: 'US', dateOfBirth: '1966-12-09', idNumber: null, idCountry: null, countryOfResidence: null,
    });
    expect(ubo).to.deep.include({ ownershipPercent: 60.5, roles: ['ubo'], idCountry: 'US' });
    expect(answer.ownership.hasUbos).to.equal(true);

    // A later save without person keys recognises the people (email, or name and date of birth).
    const again = await client.application.save.mutate({
      ownership: { directors: [{ name: 'Alan Turing', dateOfBirth: '1912-06-23' }, { name: 'Grace Hopper', email: 'grace@globex.example' }] },
    });
    expect(again.ownership.directors.map((d) => d.personKey)).to.deep.equal([alan!.personKey, grace!.personKey]);
    expect(again.ownership.ubos, 'a list not given stays').to.have.length(1);
    const cleared = await client.application.save.mutate({ ownership: { ubos: [] } });
    expect(cleared.ownership.ubos).to.deep.equal([]);
  });

  const refusals: { name: string; input: unknown; details: { path: string; message: string }[] }[] = [
    { name: 'a date that does not exist', input: { companyProfile: { incorporationDate: '2021-02-30' } }, details: [{ path: 'companyProfile.incorporationDate', message: 'must be a date, YYYY-MM-DD' }] },
    { name: 'a date in another format', input: { ownership: { directors: [{ name: 'A', dateOfBirth: '09/12/1966' }] } }, details: [{ path: 'ownership.directors.0.dateOfBirth', message: 'must be a date, YYYY-MM-DD' }] },
    { name: 'an incorporation date in the future', input: { companyProfile: { incorporationDate: '2999-01-01' } }, details: [{ path: 'companyProfile.incorporationDate', message: 'must not be in the future' }] },
    { name: 'a birth date before 1900', input: { ownership: { ubos: [{ name: 'A', dateOfBirth: '1899-12-31' }] } }, details: [{ path: 'ownership.ubos.0.dateOfBirth', message: 'must be on or after 1900-01-01' }] },
    { name: 'a country that is no ISO code', input: { companyProfile: { country: 'United Kingdom' } }, details: [{ path: 'companyProfile.country', message: 'must be an ISO 3166-1 alpha-2 country code, e.g. GB' }] },
    { name: 'a lower-case country code', input: { ownership: { directors: [{ name: 'A', nationality: 'gb' }] } }, details: [{ path: 'ownership.directors.0.nationality', message: 'must be an ISO 3166-1 alpha-2 country code, e.g. GB' }] },
    { name: 'an unknown code among the countries', input: { companyProfile: { internationalCountries: ['DE', 'XX'] } }, details: [{ path: 'companyProfile.internationalCountries.1', message: 'must be an ISO 3166-1 alpha-2 country code, e.g. GB' }] },
    { name: 'a percentage above 100', input: { ownership: { ubos: [{ name: 'A', ownershipPercent: 20 }, { name: 'B', ownershipPercent: 101 }] } }, details: [{ path: 'ownership.ubos.1.ownershipPercent', message: 'must be at most 100' }] },
    { name: 'a negative percentage', input: { ownership: { ubos: [{ name: 'A', ownershipPercent: -1 }] } }, details: [{ path: 'ownership.ubos.0.ownershipPercent', message: 'must be at least 0' }] },
    {
      name: 'UBO percentages adding up to more than 100', input: { ownership: { ubos: [{ name: 'A', ownershipPercent: 60 }, { name: 'B', ownershipPercent: 40.5 }] } },
      details: [{ path: 'ownership.ubos', message: 'ownership percentages add up to 100.5; they must add up to at most 100' }],
    },
    { name: 'an invalid email', input: { ownership: { directors: [{ name: 'A', email: 'not-an-email' }] } }, details: [{ path: 'ownership.directors.0.email', message: 'must be a valid email address' }] },
    {
      name: 'an email with an invisible character', input: { ownership: { directors: [{ name: 'A', email: 'gra\u00adce@globex.example' }] } },
      details: [{ path: 'ownership.directors.0.email', message: 'must not contain invisible characters such as a soft hyphen or a zero-width space (found U+00AD)' }],
    },
    { name: 'an owner without a name', input: { ownership: { directors: [{ email: 'a@b.example' }] } }, details: [{ path: 'ownership.directors.0.name', message: 'is required' }] },
    { name: 'an owner whose name is blank', input: { ownership: { ubos: [{ name: '   ' }] } }, details: [{ path: 'ownership.ubos.0.name', message: 'must not be empty' }] },
    { name: 'a website that is not http(s)', input: { companyProfile: { website: 'ftp://globex.example' } }, details: [{ path: 'companyProfile.website', message: 'must be a web address, such as northwind.example or https://northwind.example' }] },
    { name: 'an unknown field', input: { companyProfile: { companyname: 'x' } }, details: [{ path: 'companyProfile.companyname', message: 'is not a known field' }] },
    {
      name: 'a registration number with a path in it (it goes into the registry\'s URL)', input: { companyProfile: { registrationNumber: '../../admin' } },
      details: [{ path: 'companyProfile.registrationNumber', message: 'must be a registration number: letters, digits, and spaces, hyphens or dots between them, at most 32 characters' }],
    },
    {
      name: 'a registration number longer than 32 characters', input: { companyProfile: { registrationNumber: '1'.repeat(33) } },
      details: [{ path: 'companyProfile.registrationNumber', message: 'must be a registration number: letters, digits, and spaces, hyphens or dots between them, at most 32 characters' }],
    },
    { name: 'text too long', input: { companyProfile: { companyName: 'x'.repeat(201) } }, details: [{ path: 'companyProfile.companyName', message: 'must be at most 200 characters long' }] },
    { name: 'a custom answer that is an object', input: { companyProfile: { customAnswers: { q1: { nested: true } } } }, details: [{ path: 'companyProfile.customAnswers.q1', message: 'must be text (at most 5000 characters), a number, true or false, or null' }] },
    {
      name: 'several problems at once', input: { companyProfile: { country: 'XX', incorporationDate: 'soon' }, ownership: { ubos: [{ name: 'A', ownershipPercent: 'half' }] } },
      details: [
        { path: 'companyProfile.country', message: 'must be an ISO 3166-1 alpha-2 country code, e.g. GB' },
        { path: 'companyProfile.incorporationDate', message: 'must be a date, YYYY-MM-DD' },
        { path: 'ownership.ubos.0.ownershipPercent', message: 'must be a number or null' },
      ],
    },
  ];
  for (const r of refusals) {
    it(`refuses ${r.name} with BAD_REQUEST and the field's path, saving nothing`, async () => {
      const { client } = await signedInCustomer(h);
      const before = await client.application.get.query();
      const err = await failure(client.application.save.mutate(r.input as never));
      expect(err).to.deep.include({ code: 'BAD_REQUEST', httpStatus: 400, reason: 'validation_failed' });
      expect(err.details).to.deep.equal(r.details);
      expect(err.message).to.equal(`${r.details[0]!.path}: ${r.details[0]!.message}`);
      expect(await client.application.get.query()).to.deep.equal(before);
    });
  }

  it("a second case's session cannot read or write the first case's application", async () => {
    const tenant = await h.tenant();
    const a = await signedInCustomer(h, tenant, { companyName: 'Alpha Ltd' });
    const b = await signedInCustomer(h, tenant, { companyName: 'Beta Ltd' });
    await a.client.application.save.mutate({ companyProfile: { registrationNumber: 'A-1' }, ownership: { directors: [{ name: 'Ada Alpha' }] } });
    const seenByB = await b.client.application.get.query();
    expect(seenByB.companyProfile).to.deep.include({ companyName: 'Beta Ltd', registrationNumber: null });
    expect(seenByB.ownership.directors).to.deep.equal([]);
    // B's save writes B's case only, whatever it sends (no input names a case).
    await b.client.application.save.mutate({ companyProfile: { registrationNumber: 'B-2' }, ownership: { directors: [] } });
    const seenByA = await a.client.application.get.query();
    expect(seenByA.companyProfile).to.deep.include({ companyName: 'Alpha Ltd', registrationNumber: 'A-1' });
    expect(seenByA.ownership.directors.map((d) => d.name)).to.deep.equal(['Ada Alpha']);
    const unknownField = await failure(b.client.application.save.mutate({ caseId: a.case.caseId } as never));
    expect(unknownField.details).to.deep.equal([{ path: 'caseId', message: 'is not a known field' }]);
  });
});
