/**
 * Port: the HTTP client that makes webhook requests, implemented with undici in worker/ and wired in
 * bin/compose.ts. It never resolves names itself: it connects to the address the URL guard checked.
 */

/** Most response bytes kept (and read) from a receiver. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookRequest {
  /** The checked https URL (its host names the TLS server and the Host header). */
  url: URL;
  /** The checked IP address to connect to; never looked up again. */
  address: string;
  headers: Record<string, string>;
  /** POST (webhooks, the default; an identity provider's token endpoint) or GET (a client metadata document of an AI-assistant connector, an identity provider's metadata and keys). */
  method?: 'POST' | 'GET';
  /** The exact bytes that were signed; none on a GET. */
  body?: string;
  /** Budget for the whole response (connect, headers and body), ms. */
  timeoutMs: number;
  /**
   * The budget a timeout names in words, when `timeoutMs` is what is left of a larger one (the delivery's
   * whole budget, after the DNS check took its part). Defaults to `timeoutMs`.
   */
  budgetMs?: number;
}

/** What happened: an HTTP status with the body's first 64 KiB, or status 0 with the error in words. */
export interface WebhookResponse {
  /** 0 when there was no response (timeout, refused, TLS, DNS, blocked). */
  status: number;
  /** First 64 KiB of the body as text; null when there was no response. */
  body: string | null;
  /** Why there was no response, in words (null when there was one). */
  error: string | null;
  /** The response's Cache-Control header (read for client metadata documents); null or absent when none. */
  cacheControl?: string | null;
  /** Every response header, lower-case names, repeated ones joined with ", " (an identity provider's answers need their content type). */
  headers?: Record<string, string>;
}

export interface WebhookSender {
  /** Never throws for a receiver's fault (refused, timeout, TLS): those come back as status 0. */
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

declare module '../services' {
  interface Services {
    /** The HTTP client of webhook requests; connects only to the address the guard checked. */
    webhookSender: WebhookSender;
  }
}
