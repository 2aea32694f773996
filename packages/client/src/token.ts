import { errorOf } from './errors';
import type { components } from './generated/openapi';

export type TokenResponse = components['schemas']['TokenResponse'];

export interface TokenOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; default the client's own. */
  scope?: string;
  /** Refresh this many seconds before the token expires. Default 60. */
  refreshBeforeSeconds?: number;
  fetch: typeof fetch;
  /** Now in milliseconds. */
  now: () => number;
}

/**
 * Client credentials (RFC 6749 4.4) against POST /v1/oauth/token, with HTTP Basic client authentication.
 * The token is kept and a new one is fetched `refreshBeforeSeconds` before it expires (or after the
 * service refused it: `invalidate()`); concurrent callers share one token request.
 */
export class TokenSource {
  private current: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  /** How many tokens were fetched (for diagnostics and tests). */
  fetched = 0;

  constructor(private readonly options: TokenOptions) {}

  async token(): Promise<string> {
    const margin = (this.options.refreshBeforeSeconds ?? 60) * 1000;
    if (this.current && this.options.now() < this.current.expiresAt - margin) return this.current.token;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forget the token (the service answered invalid_token): the next call fetches a new one. */
  invalidate(): void {
    this.current = null;
  }

  private async fetchToken(): Promise<string> {
    const { baseUrl, clientId, clientSecret, scope } = this.options;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) form.set('scope', scope);
    const basic = btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`);
    const res = await this.options.fetch(`${baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const text = await res.text();
    if (!res.ok) throw errorOf(res.status, text, res.headers.get('x-request-id'));
    const body = JSON.parse(text) as TokenResponse;
    this.fetched += 1;
    this.current = { token: body.access_token, expiresAt: this.options.now() + body.expires_in * 1000 };
    return body.access_token;
  }
}
