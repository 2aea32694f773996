import type { Request, Response } from 'express';
import type { MemberActor } from '../src/access/index';
import { DomainError, type Services } from '../src/platform/index';
import type { MemberSession } from '../src/sessions/index';

/**
 * Per-request GraphQL context: the services, the HTTP exchange (cookies), and the signed-in member of
 * the console session cookie, when there is one. Resolvers pass `actorOf(ctx)` to the use cases, which
 * check the role themselves; the adapter only says who is calling.
 */
export interface GraphqlContext {
  svc: Services;
  req: Request;
  res: Response;
  /** The console session of the request's cookie and its member, or null when not signed in. */
  signedIn: { actor: MemberActor; session: MemberSession } | null;
  /** The request's session is live but its address is outside the tenant's IP allow-list (FORBIDDEN): it opens nothing. */
  refused?: DomainError | null;
  /** Per-request caches (DataLoaders), created on first use by each resolver module. */
  loaders: Map<string, unknown>;
}

/** The calling member, or `unauthenticated` when the request carries no live console session. */
export function actorOf(ctx: GraphqlContext): MemberActor {
  if (ctx.refused) throw ctx.refused;
  if (!ctx.signedIn) throw new DomainError('unauthenticated', 'Sign in to the console first.');
  return ctx.signedIn.actor;
}

/** A per-request loader (DataLoader or similar), built once per request under `key`. */
export function loaderOf<T>(ctx: GraphqlContext, key: string, build: () => T): T {
  let loader = ctx.loaders.get(key) as T | undefined;
  if (loader === undefined) {
    loader = build();
    ctx.loaders.set(key, loader);
  }
  return loader;
}
