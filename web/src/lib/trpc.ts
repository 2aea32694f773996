// The portal's tRPC client at /trpc, typed by the server's router. The import is type-only: nothing of
// the server reaches the bundle (ESLint allows trpc/router to web/ for types only).
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../../trpc/router';
import { NETWORK_MESSAGE, RequestError } from './graphql';

export const trpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) })],
});

/** A tRPC failure in the same words-and-code shape as the console's GraphQL errors (code = the tRPC code). */
export function asRequestError(e: unknown): RequestError {
  if (e instanceof TRPCClientError) {
    const data = (e.data ?? {}) as { code?: string; reason?: string; details?: { path: string; message: string }[] };
    if (!data.code) return new RequestError(NETWORK_MESSAGE, 'NETWORK');
    return new RequestError(e.message, data.code, data.reason, data.details ?? []);
  }
  return e instanceof RequestError ? e : new RequestError(NETWORK_MESSAGE, 'NETWORK');
}
