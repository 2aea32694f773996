import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { compactVerify, createLocalJWKSet, flattenedVerify } from 'jose';
import { publicJwks, signDetached, signJson, verifyDetached } from '../../src/oauth/index';

describe('oauth: documents signed with the service key (detached JWS, signed JSON)', () => {
  const pem = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const config = { jwtSigningKeyPem: pem() };
  const bytes = Buffer.from('{"files":[{"name":"case.json","sha256":"ab"}]}');

  it('a detached JWS verifies against the published JWKS with a standard flattened check, and names its typ and kid', async () => {
    const detached = await signDetached(config, bytes, 'evidence-manifest+json');
    expect(detached).to.match(/^[\w-]+\.\.[\w-]+$/);
    const jwks = await publicJwks(config);
    const [protectedHeader, , signature] = detached.split('.');
    const verified = await flattenedVerify({ protected: protectedHeader!, payload: bytes.toString('base64url'), signature: signature! }, createLocalJWKSet(jwks));
    expect(verified.protectedHeader).to.deep.equal({ alg: 'ES256', kid: jwks.keys[0]!.kid, typ: 'evidence-manifest+json' });
    expect(await verifyDetached(jwks, bytes, detached)).to.include({ typ: 'evidence-manifest+json' });
  });

  it('refuses a flipped byte, another key and a JWS that is not detached', async () => {
    const detached = await signDetached(config, bytes, 'evidence-manifest+json');
    const flipped = Buffer.from(bytes); flipped[3] = flipped[3]! ^ 1;
    const jwks = await publicJwks(config);
    let failure: unknown;
    await verifyDetached(jwks, flipped, detached).catch((e: unknown) => { failure = e; });
    expect(failure).to.be.instanceOf(Error);
    failure = undefined;
    await verifyDetached(await publicJwks({ jwtSigningKeyPem: pem() }), bytes, detached).catch((e: unknown) => { failure = e; });
    expect(failure).to.be.instanceOf(Error);
    failure = undefined;
    await verifyDetached(jwks, bytes, 'a.b.c').catch((e: unknown) => { failure = e; });
    expect((failure as Error).message).to.match(/detached/);
  });

  it('signJson carries the exact JSON as its payload', async () => {
    const doc = { certificate: 'deletion', caseId: 'c1', at: '2026-11-29T00:00:00.000Z' };
    const jws = await signJson(config, doc, 'deletion-certificate+json');
    const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(await publicJwks(config)));
    expect(JSON.parse(Buffer.from(payload).toString())).to.deep.equal(doc);
    expect(protectedHeader.typ).to.equal('deletion-certificate+json');
  });
});
