import { expect } from 'chai';
import type { MemberRole } from '../../src/tenants/index';
import { seedParty } from '../rest/factories';
import { runtime } from '../support/runtime';
import { drain } from '../webhooks/support';
import { newCase } from './case-support';
import { ConsoleHarness } from './harness';

const PEOPLE = 'query($id: String!) { case(caseId: $id) { identityVerifications { personKey name email canResend } } }';
const SET = `mutation($id: ID!, $key: ID!, $email: String!) {
  setPersonEmail(caseId: $id, personKey: $key, email: $email) { personKey name email canResend } }`;
const RESEND = 'mutation($id: ID!, $key: ID!) { resendVerification(caseId: $id, personKey: $key) { personKey status statusLabel } }';

/** Issue 29: adding or correcting a person's email from the case page, audited, then Resend sends the link. */
describe('console GraphQL: a person\'s email from the case page', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const audit = async (orgId: string) => ((await h.svc.db.query(
    "SELECT actor, action, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'case.person_email.set' ORDER BY id", [orgId],
  )) as { actor: string; action: string; details: unknown }[]).map((r) => ({ ...r, details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details }));

  async function caseWithoutEmail(tenant: Awaited<ReturnType<ConsoleHarness['tenant']>>) {
    const c = await newCase(h.svc, tenant, { companyName: 'No Email Ltd' });
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'director', position: 0, name: 'Alan Turing' });
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'ubo', position: 0, name: 'Alan Turing' });
    // One human in two roles: the same personKey on both rows.
    await h.svc.db.query('UPDATE case_parties p JOIN (SELECT person_key FROM case_parties WHERE case_pk = ? AND kind = \'director\') d SET p.person_key = d.person_key WHERE p.case_pk = ?', [c.pk, c.pk]);
    const [row] = (await h.svc.db.query('SELECT person_key FROM case_parties WHERE case_pk = ? LIMIT 1', [c.pk])) as { person_key: string }[];
    return { ...c, personKey: row!.person_key };
  }

  it('every role from analyst up adds an address (every role of the human, audited as added then corrected); the same address again changes nothing', async () => {
    for (const role of ['analyst', 'mlro', 'compliance_admin', 'admin'] as MemberRole[]) {
      const member = await h.signedIn(role);
      const tenant = member.member.tenant;
      const c = await caseWithoutEmail(tenant);
      const before = await member.data<{ case: { identityVerifications: unknown[] } }>(PEOPLE, { id: c.caseId });
      expect(before.case.identityVerifications).to.deep.equal([{ personKey: c.personKey, name: 'Alan Turing', email: null, canResend: false }]);

      const added = await member.data<{ setPersonEmail: unknown[] }>(SET, { id: c.caseId, key: c.personKey, email: '  alan@turing.example ' });
      expect(added.setPersonEmail, role).to.deep.equal([{ personKey: c.personKey, name: 'Alan Turing', email: 'alan@turing.example', canResend: true }]);
      expect(await h.svc.db.query('SELECT kind, email FROM case_parties WHERE case_pk = ? ORDER BY kind', [c.pk])).to.deep.equal([
        { kind: 'director', email: 'alan@turing.example' }, { kind: 'ubo', email: 'alan@turing.example' },
      ]);
      await member.data(SET, { id: c.caseId, key: c.personKey, email: 'alan@turing.example' });
      await member.data(SET, { id: c.caseId, key: c.personKey, email: 'a.turing@turing.example' });
      const entries = await audit(tenant.id);
      expect(entries, role).to.deep.equal([
        { actor: member.member.email, action: 'case.person_email.set', details: { caseId: c.caseId, personKey: c.personKey, change: 'added' } },
        { actor: member.member.email, action: 'case.person_email.set', details: { caseId: c.caseId, personKey: c.personKey, change: 'corrected' } },
      ]);
      // The address itself stays out of the audit log.
      expect(JSON.stringify(entries)).to.not.include('turing.example');
    }
  });

  it('then Resend sends the link to the new address (idv.dispatched names the analyst)', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await caseWithoutEmail(tenant);
    const refused = await analyst.error(RESEND, { id: c.caseId, key: c.personKey });
    expect(refused).to.deep.include({ code: 'BAD_USER_INPUT', message: 'personKey: Alan Turing has no email address, so no link can be sent' });
    await analyst.data(SET, { id: c.caseId, key: c.personKey, email: 'alan@turing.example' });
    const { resendVerification } = await analyst.data<{ resendVerification: unknown[] }>(RESEND, { id: c.caseId, key: c.personKey });
    expect(resendVerification).to.deep.equal([{ personKey: c.personKey, status: 'link_sent', statusLabel: 'Link sent' }]);
    // The outbox sends the email and records idv.dispatched once the mail system accepted it.
    await drain(await runtime(), { orgId: tenant.id, svc: h.svc });
    const [sent] = (await h.svc.db.query("SELECT data FROM events WHERE org_id = ? AND case_id = ? AND type = 'idv.dispatched'", [tenant.id, c.caseId])) as { data: string }[];
    expect(JSON.parse(sent!.data)).to.deep.include({ recipientEmail: 'alan@turing.example', recipientName: 'Alan Turing', dispatchedBy: analyst.member.email });
  });

  it('refuses an address the service does not accept, in words, and changes nothing', async () => {
    const analyst = await h.signedIn('analyst');
    const c = await caseWithoutEmail(analyst.member.tenant);
    const cases: [string, string][] = [
      ['', 'email: must be the person\'s email address, such as name@example.com'],
      ['   ', 'email: must be the person\'s email address, such as name@example.com'],
      ['alan', 'email: must be an email address such as name@example.com'],
      ['alan..turing@turing.example', 'email: must not start or end with a dot, or have two dots in a row, before the @'],
      [`${'a'.repeat(250)}@x.example`, 'email: must be at most 254 characters'],
    ];
    for (const [email, message] of cases) {
      const e = await analyst.error(SET, { id: c.caseId, key: c.personKey, email });
      expect(e, email).to.deep.include({ code: 'BAD_USER_INPUT', message });
    }
    expect(await h.svc.db.query('SELECT email FROM case_parties WHERE case_pk = ?', [c.pk])).to.deep.equal([{ email: null }, { email: null }]);
    expect(await audit(analyst.member.tenant.id)).to.deep.equal([]);
  });

  it('another tenant\'s case and an unknown person are NOT_FOUND, and nothing changes', async () => {
    const owner = await h.signedIn('analyst');
    const stranger = await h.signedIn('admin');
    const c = await caseWithoutEmail(owner.member.tenant);
    const foreign = await stranger.error(SET, { id: c.caseId, key: c.personKey, email: 'alan@turing.example' });
    expect(foreign).to.deep.include({ code: 'NOT_FOUND', message: 'Case not found.' });
    const unknown = await owner.error(SET, { id: c.caseId, key: '9b0f1c1e-3a4b-4c5d-8e6f-7a8b9c0d1e2f', email: 'alan@turing.example' });
    expect(unknown).to.deep.include({ code: 'NOT_FOUND', message: 'Person not found.' });
    expect(await h.svc.db.query('SELECT email FROM case_parties WHERE case_pk = ?', [c.pk])).to.deep.equal([{ email: null }, { email: null }]);
    expect(await audit(owner.member.tenant.id)).to.deep.equal([]);
    expect(await audit(stranger.member.tenant.id)).to.deep.equal([]);
  });
});
