import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobStore, S3Config, StoredBlob } from '../../src/platform/index';
import { BLOB_KEY, measuring } from './digest';

/** Part size of multipart uploads: S3's minimum, so an upload holds at most one part (5 MiB) in memory. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The BlobStore port on an S3-compatible bucket (BLOB_STORE=s3). An upload streams through a multipart
 * upload of 5 MiB parts, one at a time (the length is not known in advance; a file under 5 MiB is one
 * PUT); a failed upload is aborted, so no object stays behind (parts whose abort itself failed are left
 * to the bucket's AbortIncompleteMultipartUpload lifecycle rule, see docs/configuration.md). Object keys
 * are `<S3_PREFIX><32 hex key>`, never user input.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
    });
  }

  private objectKey(key: string): string {
    if (!BLOB_KEY.test(key)) throw Object.assign(new Error('No such blob.'), { code: 'ENOENT' });
    return `${this.config.prefix}${key}`;
  }

  async put(body: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
    const key = randomBytes(16).toString('hex');
    const { digest, measure } = measuring();
    // The body's own failure (a file over the limit) is what the caller must see, even when aborting the
    // multipart upload fails too (the SDK would throw the abort's error instead).
    let bodyError: unknown;
    async function* guarded(): AsyncGenerator<Uint8Array> {
      try {
        yield* measure(body);
      } catch (err) {
        bodyError = err;
        throw err;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.objectKey(key), Body: Readable.from(guarded()), ContentType: 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // A body that failed after a single-part PUT went out must not leave the object behind either.
      await this.delete(key).catch(() => undefined);
      throw bodyError ?? err;
    }
    return { key, size: digest.size, sha256: digest.sha256() };
  }

  async open(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return res.Body as Readable;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') throw Object.assign(new Error('No such blob.'), { code: 'ENOENT' });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
