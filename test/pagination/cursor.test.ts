import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { decodeCursor, encodeCursor } from '../../src/pagination/index';
import type { Config } from '../../src/platform/index';

describe('pagination cursors: signed positions', () => {
  const first = { id: 'k2', key: randomBytes(32) };
  const older = { id: 'k1', key: randomBytes(32) };
  const config = { secretsKeys: [first, older] } as unknown as Config;
  const scope = { orgId: 'org-1', list: 'cases', filter: { status: ['in_review'], search: undefined } };
  // What a cursor's signature has always been: HMAC-SHA256 under the key derived from SECRETS_KEY, over the scope and payload.
  const signedWith = (secret: Buffer, payload: string) => createHmac('sha256', Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'svc pagination cursor v1', 32)))
    .update(`org-1\ncases\n{"status":["in_review"]}\n${payload}`).digest('base64url');

  it('signs with the first key exactly as HMAC-SHA256 does, so cursors handed out before stay valid; every key verifies', () => {
    const cursor = encodeCursor(config, scope, ['2026-11-29 10:00:00.000', 42]);
    const [payload, signature] = cursor.split('.');
    expect(signature).to.equal(signedWith(first.key, payload!));
    expect(decodeCursor(config, scope, cursor, ['string', 'int'])).to.deep.equal(['2026-11-29 10:00:00.000', 42]);
    const byOlderKey = `${payload}.${signedWith(older.key, payload!)}`;
    expect(decodeCursor(config, scope, byOlderKey, ['string', 'int'])).to.deep.equal(['2026-11-29 10:00:00.000', 42]);
  });

  it('refuses a cursor of another tenant or filter, or altered', () => {
    const cursor = encodeCursor(config, scope, [7]);
    expect(() => decodeCursor(config, { ...scope, orgId: 'org-2' }, cursor, ['int'])).to.throw('is not a cursor of this list');
    expect(() => decodeCursor(config, { ...scope, filter: {} }, cursor, ['int'])).to.throw('is not a cursor of this list');
    const payload = Buffer.from(JSON.stringify([8])).toString('base64url');
    expect(() => decodeCursor(config, scope, `${payload}.${cursor.split('.')[1]}`, ['int'])).to.throw('is not a cursor of this list');
  });
});
