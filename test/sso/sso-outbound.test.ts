import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import type { HostResolver, Services } from '../../src/platform/index';
import { setSsoConnection, startSsoSignIn, testSsoConnection } from '../../src/sso/index';
import { ConsoleHarness } from '../graphql/harness';
import { rejection } from '../support/rejection';
import { TestIdentityProvider } from './identity-provider';

/** A resolver that answers from a table and records its lookups (the one a test injects in place of DNS). */
function tableResolver(table: Record<string, string[]>): HostResolver & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    async resolve(hostname) {
      lookups.push(hostname);
      const answer = table[hostname];
      if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return answer;
    },
  };
}

describe('single sign-on: the identity provider is called through the outbound guard of webhooks', () => {
  let h: ConsoleHarness;
  let idp: TestIdentityProvider;
  before(async () => {
    h = await ConsoleHarness.start();
    idp = await TestIdentityProvider.forService(h.svc.config);
  });
  after(async () => {
    await idp?.close();
    await h?.close();
  });
  /** The service as production runs it: private targets refused; names resolved by `resolver`. */
  const strict = (resolver: HostResolver): Services => ({ ...h.svc, config: { ...h.svc.config, webhookAllowPrivateTargets: false }, resolver });

  it('refuses an issuer at a private address without opening a socket to it (saving, testing, signing in), unless the tests\' private-targets switch allows it', async () => {
    const port = new URL(idp.issuer).port;
    const resolver = tableResolver({ 'idp.corp.test': ['127.0.0.1'] });
    const tenant = await h.tenant();
    const domain = `guard-${tenant.id.slice(0, 8)}.example.com`;
    const input = { clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain] };
    const sockets = idp.connections;

    // Saving: a name that resolves to loopback, and a loopback literal, are refused on the field.
    for (const issuer of [`https://idp.corp.test:${port}`, idp.issuer]) {
      const refused = await rejection(setSsoConnection(strict(resolver), operatorActor(tenant.id), { ...input, issuer }));
      expect(refused).to.deep.include({ code: 'validation_failed' });
      expect(refused.extra.details).to.deep.equal([{ path: 'issuer', message: 'must not be at a private or loopback address' }]);
    }
    expect(resolver.lookups).to.deep.equal(['idp.corp.test']);

    // A connection saved while private targets were allowed is still refused where they are not: discovery and sign-in.
    await setSsoConnection(h.svc, operatorActor(tenant.id), { ...input, issuer: idp.issuer });
    expect(await testSsoConnection(strict(resolver), operatorActor(tenant.id))).to.deep.equal({
      ok: false, issuer: null, message: `${idp.issuer}/.well-known/openid-configuration was not called: the issuer must not be at a private or loopback address.`,
    });
    const start = await rejection(startSsoSignIn(strict(resolver), { email: `someone@${domain}`, door: 'console' }));
    expect(start).to.deep.include({ code: 'unauthenticated' });
    expect(idp.connections).to.equal(sockets);

    // The tests' switch (WEBHOOK_ALLOW_PRIVATE_TARGETS) lets the same requests through.
    expect(await testSsoConnection(h.svc, operatorActor(tenant.id))).to.deep.include({ ok: true, issuer: idp.issuer });
    expect(idp.connections).to.be.greaterThan(sockets);
  });
});
