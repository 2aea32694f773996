/** Resolves with `promise`, or fails naming `what` after `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms); }),
  ]);
}

/** Until a live-check cache (bearer or console session; `begin` subscribes it) caches or stops: its feed listens or not. Each wait bounded. */
export async function untilCaching(cache: { begin?(): unknown; caching: boolean; nextFlush(): Promise<void> }, on = true): Promise<void> {
  cache.begin?.();
  while (cache.caching !== on) await within(cache.nextFlush(), 10_000, `the revocation feed ${on ? 'listening' : 'stopping'}`);
}
