import { createHash } from 'node:crypto';

/** The size and SHA-256 of the bytes that passed through `measure` (read once the stream has ended). */
export interface Digest {
  size: number;
  sha256(): string;
}

/**
 * A pass-through stage for stream.pipeline that counts and hashes the bytes on their way to the store,
 * so a blob is read once: never buffered, never re-read to be hashed.
 */
export function measuring(): { digest: Digest; measure: (source: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array> } {
  const hash = createHash('sha256');
  const digest = { size: 0, sha256: () => hash.digest('hex') };
  return {
    digest,
    async *measure(source) {
      for await (const chunk of source) {
        hash.update(chunk);
        digest.size += chunk.length;
        yield chunk;
      }
    },
  };
}

/** Blob keys are 32 lower-case hex characters (128 random bits); anything else names no blob. */
export const BLOB_KEY = /^[0-9a-f]{32}$/;
