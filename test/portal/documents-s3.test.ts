import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { expect } from 'chai';
import S3rver from 's3rver';
import { buildHttpApp } from '../../bin/http-app';
import type { Services } from '../../src/platform/index';
import { S3BlobStore } from '../../worker/blob/index';
import type { ConsoleHarness } from '../graphql/harness';
import { runtime, newTenant } from '../support/runtime';
import { newCustomer, tinyPdf, trpc, upload } from './documents-support';

const MiB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function* chunksOf(buf: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

/** The S3 adapter of the BlobStore port against s3rver, a local S3-compatible server, directly and through the real upload route. */
describe('BlobStore on an S3-compatible server (s3rver)', function () {
  this.timeout(60_000);
  let dir: string;
  let s3: S3rver;
  let store: S3BlobStore;
  const objects = async () => ((await store.client.send(new ListObjectsV2Command({ Bucket: 'documents' }))).Contents ?? []).map((o) => o.Key!).sort();

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-s3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'documents', configs: [] }] });
    const { port } = await s3.run();
    store = new S3BlobStore({
      bucket: 'documents', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, prefix: 'portal/',
    });
  });
  after(async () => {
    store.close();
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts a stream (one PUT under 5 MiB, a multipart upload above), with its size and SHA-256, and reads it back', async () => {
    for (const bytes of [randomBytes(3000), randomBytes(12 * MiB + 17)]) {
      const blob = await store.put(chunksOf(bytes));
      expect(blob).to.deep.equal({ key: blob.key, size: bytes.length, sha256: sha256(bytes) });
      expect(blob.key).to.match(/^[0-9a-f]{32}$/);
      expect(await objects()).to.include(`portal/${blob.key}`);
      const back: Buffer[] = [];
      for await (const c of await store.open(blob.key)) back.push(c as Buffer);
      expect(Buffer.concat(back).equals(bytes)).to.equal(true);
    }
  });

  it('a body that fails part-way leaves no object and rethrows the body\'s own error', async () => {
    const before = await objects();
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield randomBytes(6 * MiB);
      throw new Error('the file is too large');
    }
    let caught: unknown;
    await store.put(failing()).catch((err: unknown) => {
      caught = err;
    });
    expect((caught as Error).message).to.equal('the file is too large');
    expect(await objects()).to.deep.equal(before);
  });

  it('deletes idempotently; opening a missing blob or a key of the wrong shape is ENOENT', async () => {
    const blob = await store.put(chunksOf(randomBytes(100)));
    await store.delete(blob.key);
    await store.delete(blob.key);
    expect(await objects()).to.not.include(`portal/${blob.key}`);
    for (const key of [blob.key, '../../etc/passwd']) {
      const err = await store.open(key).then(() => null, (e: { code?: string }) => e);
      expect(err?.code, key).to.equal('ENOENT');
    }
  });

  describe('behind the real upload route', () => {
    let server: Server;
    let h: ConsoleHarness;
    let stopGraphql: () => Promise<void>;
    before(async () => {
      const rt = await runtime();
      server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const svc: Services = { ...rt.svc, config: { ...rt.svc.config, baseUrl: url, appUrl: url }, blobs: store };
      const http = await buildHttpApp(svc);
      server.on('request', http.app);
      stopGraphql = () => http.stop();
      // The support helpers need only these of a harness.
      h = { url, svc, tenant: () => newTenant(rt) } as unknown as ConsoleHarness;
    });
    after(async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stopGraphql();
    });

    it('stores an upload in the bucket, refuses 21 MiB leaving nothing, and removal deletes the object', async () => {
      const c = await newCustomer(h);
      const pdf = tinyPdf();
      const res = await upload(h, c, [{ filename: 'certificate.pdf', bytes: pdf }]);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const [row]: { id: number; blob_key: string; sha256: string }[] = await h.svc.db.query('SELECT id, blob_key, sha256 FROM documents WHERE org_id = ? AND case_pk = ?', [c.orgId, c.casePk]);
      expect(row!.sha256).to.equal(sha256(pdf));
      expect(await objects()).to.include(`portal/${row!.blob_key}`);

      const before = await objects();
      const big = Buffer.alloc(21 * MiB, 0x20);
      pdf.copy(big);
      const tooBig = await upload(h, c, [{ filename: 'big.pdf', bytes: big }]);
      expect(tooBig.status).to.equal(413);
      expect(tooBig.body.error).to.equal('payload_too_large');
      expect(await objects()).to.deep.equal(before);

      expect((await trpc(h, c, 'documents.remove', { id: Number(row!.id) }, 'mutation')).status).to.equal(200);
      expect(await objects()).to.not.include(`portal/${row!.blob_key}`);
    });
  });
});
