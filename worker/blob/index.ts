import { join } from 'node:path';
import type { BlobStore, Config } from '../../src/platform/index';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** The configured BlobStore: BLOB_STORE=s3 (the S3_* keys) or the local directory `<DATA_DIR>/blobs`. */
export function createBlobStore(config: Config): BlobStore & { close(): void } {
  if (config.blobStore === 's3' && config.s3) return new S3BlobStore(config.s3);
  return new LocalBlobStore(join(config.dataDir, 'blobs'));
}

export { LocalBlobStore, S3BlobStore };
