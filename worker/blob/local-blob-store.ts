import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore, StoredBlob } from '../../src/platform/index';
import { BLOB_KEY, measuring } from './digest';

/**
 * The BlobStore port on the local file system: `<DATA_DIR>/blobs/<2 hex>/<32 hex key>`, the directory
 * created on first use. Files are named by random keys only (never by anything a user sent), written to
 * `<key>.part`, flushed to disk, and renamed into place once complete, so a reader never sees half a file
 * and a failed upload leaves nothing behind.
 */
export class LocalBlobStore implements BlobStore {
  constructor(
    /** The blobs directory (`<DATA_DIR>/blobs`). */
    readonly root: string,
    private readonly options: { flush?: boolean } = {},
  ) {}

  private path(key: string): string {
    if (!BLOB_KEY.test(key)) throw Object.assign(new Error('No such blob.'), { code: 'ENOENT' });
    return join(this.root, key.slice(0, 2), key);
  }

  async put(body: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
    const key = randomBytes(16).toString('hex');
    const final = this.path(key);
    const part = `${final}.part`;
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
    const { digest, measure } = measuring();
    try {
      // flush: fsync before close (default on), so a committed document row never points at bytes a crash lost.
      await pipeline(body, measure, createWriteStream(part, { flags: 'wx', mode: 0o600, flush: this.options.flush ?? true }));
      await rename(part, final);
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
    return { key, size: digest.size, sha256: digest.sha256() };
  }

  async open(key: string): Promise<Readable> {
    // Opened first so that a missing blob rejects here (ENOENT) rather than as a stream error later.
    const handle = await open(this.path(key), 'r');
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** Nothing to release (the interface of the S3 store's). */
  close(): void {}
}
