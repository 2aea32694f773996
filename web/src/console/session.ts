// The console's session: who is signed in. Every console route but sign-in and status runs this query;
// an UNAUTHENTICATED answer (to it or to any later query) sends the member to /console/sign-in?next=<path>.
//
// Until the console API's `me` query is in schema.graphql this probe asks for `health` (which never answers
// UNAUTHENTICATED): replace it with `query ConsoleSession { me { ... } }` and wire `signIn` below to the
// `signIn` mutation; nothing else in the shell changes.
import { graphql } from '../gql';
import { execute, RequestError } from '../lib/graphql';

export const ConsoleSessionQuery = graphql(`
  query ConsoleSession {
    health {
      ready
    }
  }
`);

export function loadConsoleSession() {
  return execute(ConsoleSessionQuery);
}

/** Signs in with email and password (the console API's `signIn` mutation, which sets the HttpOnly cookie). */
export async function signIn(_input: { email: string; password: string }): Promise<true> {
  throw new RequestError('Signing in opens here once the console API is in place.', 'SERVICE_UNAVAILABLE');
}

/** Where to go after sign-in: a console path only (never another site, never the sign-in page itself). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/console') || next.startsWith('//') || next.startsWith('/console/sign-in')) return '/console';
  return next;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return `/console/sign-in?next=${encodeURIComponent(path)}`;
}
