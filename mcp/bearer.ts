import type { RequestHandler, Response } from 'express';
import type { ConnectorActor } from '../src/access/index';
import { verifyAccessToken, mcpResourceOf } from '../src/oauth/index';
import { consumePullApiRateLimit } from '../src/access/index';
import { isDomainError, type Services } from '../src/platform/index';

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** Where MCP clients find this resource's metadata (RFC 9728), named in every 401. */
export function mcpResourceMetadataUrl(svc: Services): string {
  return `${svc.config.baseUrl}/.well-known/oauth-protected-resource/mcp`;
}

/**
 * The /mcp bearer check (MCP authorization, RFC 6750 and RFC 9728): a token issued for BASE_URL/mcp
 * (a pull-API token is refused) whose connected app, member and client are live now, from inside the
 * tenant's IP allow-list (403 otherwise); then the pull
 * API's rate limit, per connector and member. A 401 carries `WWW-Authenticate: Bearer ...
 * resource_metadata="..."`, from which an MCP client discovers the authorization server. Sets
 * res.locals.actor (read it with mcpActorOf).
 */
export function mcpBearerAuth(svc: Services): RequestHandler {
  const metadata = mcpResourceMetadataUrl(svc);
  const resource = mcpResourceOf(svc.config);
  const unauthorized = (res: Response, message: string, error = true) => {
    const params = error ? `error="invalid_token", error_description="${message}", ` : '';
    res.setHeader('WWW-Authenticate', `Bearer ${params}resource_metadata="${metadata}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(401).json({ error: 'invalid_token', message });
  };
  return async (req, res, next) => {
    const header = req.headers.authorization;
    // No credentials at all: RFC 6750 section 3.1 sends no error code, only the challenge.
    if (!header) return unauthorized(res, 'An access token is required: connect this server as a custom connector (OAuth).', false);
    const match = BEARER.exec(header);
    if (!match) return unauthorized(res, 'The Authorization header must be: Bearer <token>.');
    let actor;
    try {
      // With the tenant's IP allow-list, as on /v1: 403 {error: "forbidden", message: "Address not allowed…"}.
      actor = await verifyAccessToken(svc, match[1]!, resource, { address: req.ip });
    } catch (err) {
      if (isDomainError(err) && err.code === 'invalid_token') return unauthorized(res, err.message);
      if (isDomainError(err) && err.code === 'forbidden') return void res.status(403).json({ error: 'forbidden', message: err.message });
      throw err;
    }
    if (actor.kind !== 'connector') return unauthorized(res, 'Only a connector acting for a member may use this server.');
    const state = await consumePullApiRateLimit(svc, actor);
    // The same headers as /v1 (rest/rate-limit-headers.ts): draft-ietf-httpapi-ratelimit-headers.
    res.setHeader('RateLimit-Policy', `"${state.name}";q=${state.limit};w=${state.windowSeconds}`);
    res.setHeader('RateLimit', `"${state.name}";r=${state.remaining};t=${state.resetSeconds}`);
    if (!state.allowed) {
      res.setHeader('Retry-After', String(state.resetSeconds));
      res.status(429).json({ error: 'rate_limited', message: `Too many requests: ${state.limit} per minute per connector and member. Retry after ${state.resetSeconds} seconds.` });
      return;
    }
    res.locals.actor = actor;
    next();
  };
}

/** The connector of an /mcp request, as mcpBearerAuth established it. */
export function mcpActorOf(res: Response): ConnectorActor {
  const actor = res.locals.actor as ConnectorActor | undefined;
  if (!actor) throw new Error('mcpActorOf: mcpBearerAuth did not run for this route');
  return actor;
}
