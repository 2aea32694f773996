/** Helpers over byte streams (async iterables of chunks) that never hold more than a chunk or two. */

/**
 * Reads at least `n` leading bytes (fewer when the stream is shorter) and gives them back with the whole
 * stream, head included, still to be read. `release()` stops reading and destroys the source.
 */
export async function peek(source: AsyncIterable<Uint8Array>, n: number): Promise<{ head: Buffer; body: AsyncIterable<Uint8Array>; release(): Promise<void> }> {
  const it = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* body(): AsyncGenerator<Uint8Array> {
    if (head.length) yield head;
    if (ended) return;
    try {
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    } finally {
      await it.return?.();
    }
  }
  return { head, body: body(), release: async () => void (await it.return?.()) };
}

/**
 * Passes the stream on while it stays within `max` bytes; the chunk that would take it past `max` is not
 * passed on: `tooLarge()` is thrown instead, and the source is destroyed.
 */
export async function* limitBytes(source: AsyncIterable<Uint8Array>, max: number, tooLarge: () => Error): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > max) throw tooLarge();
    yield chunk;
  }
}
