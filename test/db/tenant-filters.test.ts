import { expect } from 'chai';
import { inTransaction } from '../../src/db/index';
import { operatorActor, SERVICE_OPERATOR } from '../../src/access/index';
import { createApiClient, registerConnector, retirePreviousApiClientSecret, revokeClient, rotateApiClientSecret } from '../../src/oauth/index';
import { endSessionsOfMember, startMemberSession } from '../../src/sessions/index';
import { createMember } from '../../src/tenants/index';
import type { Runtime } from '../../bin/compose';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';

/**
 * Statements that found their row by its id alone and checked its tenant afterwards (or not at all) now
 * name the tenant in SQL: given another tenant's id, they find and change nothing.
 */
describe('tenant filters: statements by id that now name their tenant', () => {
  let rt: Runtime;
  let a: string;
  let b: string;
  before(async () => {
    rt = await runtime();
    a = (await newTenant(rt)).id;
    b = (await newTenant(rt)).id;
  });

  const clientRow = async (id: string) =>
    (await rt.svc.db.query('SELECT org_id, secret_hash, previous_secret_hash, revoked_at FROM oauth_clients WHERE id = ?', [id]))[0];

  it("rotating, retiring or revoking another tenant's API client is not_found and leaves its row as it was", async () => {
    const { clientId } = await createApiClient(rt.svc, operatorActor(a), { name: 'CRM of A' });
    await rotateApiClientSecret(rt.svc, operatorActor(a), { clientId });
    const before = await clientRow(clientId);
    expect(before.previous_secret_hash).to.be.a('string');

    for (const attempt of [
      rotateApiClientSecret(rt.svc, operatorActor(b), { clientId }),
      retirePreviousApiClientSecret(rt.svc, operatorActor(b), { clientId }),
      revokeClient(rt.svc, operatorActor(b), { clientId }),
    ]) {
      expect((await rejection(attempt)).code).to.equal('not_found');
    }
    expect(await clientRow(clientId)).to.deep.equal(before);

    // Its own tenant still can.
    await revokeClient(rt.svc, operatorActor(a), { clientId });
    expect((await clientRow(clientId)).revoked_at).to.not.equal(null);
  });

  it("a tenant cannot revoke a connector (a row of no tenant); the service operator can", async () => {
    const connector = await registerConnector(rt.svc, SERVICE_OPERATOR, { name: 'Connector', redirectUris: ['https://connector.example/callback'], public: true });
    expect((await rejection(revokeClient(rt.svc, operatorActor(a), { clientId: connector.clientId }))).code).to.equal('not_found');
    expect((await clientRow(connector.clientId)).revoked_at).to.equal(null);
    await revokeClient(rt.svc, SERVICE_OPERATOR, { clientId: connector.clientId });
    expect((await clientRow(connector.clientId)).revoked_at).to.not.equal(null);
  });

  it("ending a member's sessions with another tenant's id ends none of them", async () => {
    const member = await createMember(rt.svc, operatorActor(a), { email: `sessions.${a.slice(0, 8)}@members.example`, password: 'a long enough password 1', role: 'analyst' });
    await startMemberSession(rt.svc, { kind: 'console', memberId: member.id });
    const live = async () => Number((await rt.svc.db.query('SELECT COUNT(*) AS n FROM member_sessions WHERE member_id = ? AND ended_at IS NULL', [member.id]))[0].n);
    expect(await live()).to.equal(1);
    expect(await inTransaction(rt.svc, (tx) => endSessionsOfMember(tx, b, { memberId: member.id, now: new Date() }))).to.equal(0);
    expect(await live()).to.equal(1);
    expect(await inTransaction(rt.svc, (tx) => endSessionsOfMember(tx, a, { memberId: member.id, now: new Date() }))).to.equal(1);
    expect(await live()).to.equal(0);
  });
});
