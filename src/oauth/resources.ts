import type { Config } from '../config';
import { OAuthError } from './oauth.errors';

/** The protected resource (RFC 9728) and access-token audience of the pull API: BASE_URL + /v1. */
export function resourceOf(config: Pick<Config, 'baseUrl'>): string {
  return `${config.baseUrl}/v1`;
}

/** The protected resource and access-token audience of the MCP server (AI assistants): BASE_URL + /mcp. */
export function mcpResourceOf(config: Pick<Config, 'baseUrl'>): string {
  return `${config.baseUrl}/mcp`;
}

/** Every resource this authorization server issues tokens for. */
export function knownResources(config: Pick<Config, 'baseUrl'>): string[] {
  return [resourceOf(config), mcpResourceOf(config)];
}

/** What a grant or code from before resource indicators (stored as null) was issued for: the pull API. */
export function storedResources(config: Pick<Config, 'baseUrl'>, stored: string[] | null): string[] {
  return stored?.length ? stored : [resourceOf(config)];
}

/**
 * The RFC 8707 `resource` parameters of a request (one value or several), checked against `allowed`:
 * each must be an absolute URI without a fragment and one of them, else invalid_target. None sent:
 * `fallback`. Returned in `allowed`'s order without duplicates.
 */
export function requestedResources(raw: unknown, allowed: readonly string[], fallback: readonly string[]): string[] {
  if (raw === undefined || raw === '') return [...fallback];
  const list = Array.isArray(raw) ? raw : [raw];
  const wanted = new Set<string>();
  for (const value of list) {
    if (typeof value !== 'string' || !value) throw new OAuthError('invalid_request', 'The resource parameter must be an absolute URI.');
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new OAuthError('invalid_target', 'The resource parameter must be an absolute URI.');
    }
    if (url.hash || value.includes('#')) throw new OAuthError('invalid_target', 'The resource parameter must not contain a fragment.');
    const match = allowed.find((a) => a === value || a === url.href || `${a}/` === url.href);
    if (!match) throw new OAuthError('invalid_target', `Tokens cannot be issued for the resource ${value}.`);
    wanted.add(match);
  }
  return allowed.filter((a) => wanted.has(a));
}
