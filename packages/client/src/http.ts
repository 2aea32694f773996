import { ApiError, errorOf } from './errors';
import type { TokenSource } from './token';

export interface RetryOptions {
  /** Retries of one request after 429 or 503 (each waits Retry-After). Default 3. */
  maxRetries?: number;
  /** The wait when an answer has no usable Retry-After: 1 s, 2 s, 4 s, ... Default 1000. */
  baseDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the ApiError is thrown. Default 60 000. */
  maxDelayMs?: number;
}

export interface Transport {
  baseUrl: string;
  tokens: TokenSource;
  fetch: typeof fetch;
  retry: Required<RetryOptions>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  /** A JSON body. */
  body?: unknown;
  /** Sent as Idempotency-Key (the same on every retry of this call). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** The seconds of Retry-After (delta-seconds or an HTTP date) as milliseconds, or null. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function urlOf(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // Arrays are `style: form, explode: false`: one comma-separated value (status=in_review,approved).
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.toString();
}

/**
 * One call to the service: the bearer token (a new one once, after invalid_token), retries after 429
 * and 503 honouring Retry-After (safe for writes: they carry the same Idempotency-Key), and an ApiError
 * for any other non-2xx answer.
 */
export async function request<T>(t: Transport, method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  const url = urlOf(t.baseUrl, path, options.query);
  let retries = 0;
  let refreshed = false;
  for (;;) {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${await t.tokens.token()}` };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    const res = await t.fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: options.signal });
    const text = await res.text();
    if (res.ok) return { status: res.status, headers: res.headers, data: (text ? JSON.parse(text) : undefined) as T };
    const error = errorOf(res.status, text, res.headers.get('x-request-id'));
    if (res.status === 401 && error.code === 'invalid_token' && !refreshed) {
      refreshed = true;
      t.tokens.invalidate();
      continue;
    }
    if ((res.status === 429 || res.status === 503) && retries < t.retry.maxRetries) {
      const wait = retryAfterMs(res.headers.get('retry-after'), t.now()) ?? t.retry.baseDelayMs * 2 ** retries;
      if (wait <= t.retry.maxDelayMs) {
        retries += 1;
        await t.sleep(wait);
        continue;
      }
    }
    throw error satisfies ApiError;
  }
}
