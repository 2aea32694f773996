import { createHmac, timingSafeEqual } from 'node:crypto';

/** The value of X-SVC-Signature: `sha256=` + hex HMAC-SHA256 of the exact body bytes. */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export const WEBHOOK_USER_AGENT = 'Service-Webhooks/1.0';

export interface VerifyWebhookOptions {
  /** Largest accepted difference between now and X-SVC-Timestamp, seconds. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Now, for tests. Default the system clock. */
  now?: Date;
}

export type VerifyWebhookResult =
  | { ok: true; eventId: string; event: string; timestamp: Date }
  | {
    ok: false;
    reason: 'missing_signature' | 'malformed_signature' | 'bad_signature' | 'malformed_body' | 'missing_timestamp' | 'timestamp_mismatch' | 'stale_timestamp';
  };

type HeaderBag = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The receiver's check (contract, "Webhook signature verification"): HMAC-SHA256 over the raw request
 * bytes (never re-serialised JSON) compared in constant time with X-SVC-Signature; then everything else
 * is read from the bytes the signature covers, never from a header alone. X-SVC-Timestamp is not signed:
 * it must equal the signed body's `timestamp` exactly (a replay with a rewritten header is refused), and
 * the window (default 5 minutes) is checked against that. The event id and type are the body's `eventId`
 * and `event`, not the unsigned X-SVC-Event-Id / X-SVC-Event headers. Headers may be Node's (lower-case
 * keys) or a fetch Headers. Answer 401 unless `ok`; deduplicate on `eventId`.
 *
 * The timestamp is the event's emission time on every attempt (the contract), so a 5-minute window
 * refuses the later retries (after 5 and 30 minutes) and late manual redeliveries: receivers that want
 * those give a wider `toleranceSeconds` and rely on deduplicating `eventId`.
 */
export function verifyWebhook(rawBody: string | Buffer | Uint8Array, headers: HeaderBag, secret: string, options: VerifyWebhookOptions = {}): VerifyWebhookResult {
  const signature = header(headers, 'x-svc-signature');
  if (!signature) return { ok: false, reason: 'missing_signature' };
  if (!/^sha256=[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'malformed_signature' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const expected = Buffer.from(signWebhookBody(secret, body));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: 'bad_signature' };
  let signed: { event?: unknown; eventId?: unknown; timestamp?: unknown };
  try {
    signed = JSON.parse(body.toString('utf8')) as typeof signed;
  } catch {
    return { ok: false, reason: 'malformed_body' };
  }
  if (!signed || typeof signed !== 'object' || typeof signed.event !== 'string' || typeof signed.eventId !== 'string') {
    return { ok: false, reason: 'malformed_body' };
  }
  const stamp = header(headers, 'x-svc-timestamp');
  const at = typeof signed.timestamp === 'string' ? new Date(signed.timestamp) : null;
  if (!stamp || !at || Number.isNaN(at.getTime())) return { ok: false, reason: 'missing_timestamp' };
  if (stamp !== signed.timestamp) return { ok: false, reason: 'timestamp_mismatch' };
  const tolerance = (options.toleranceSeconds ?? 300) * 1000;
  if (Math.abs((options.now ?? new Date()).getTime() - at.getTime()) > tolerance) return { ok: false, reason: 'stale_timestamp' };
  return { ok: true, eventId: signed.eventId, event: signed.event, timestamp: at };
}

export interface WebhookHeaderInput {
  secret: string;
  body: string;
  event: string;
  eventId: string;
  eventVersion: number;
  /** ISO 8601 emission time, the body's `timestamp`. */
  timestamp: string;
  deliveryId: number | null;
  attempt: number;
}

/** The receiver contract's headers for one request, signature included. */
export function webhookHeaders(input: WebhookHeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-svc-signature': signWebhookBody(input.secret, input.body),
    'x-svc-event': input.event,
    'x-svc-event-id': input.eventId,
    'x-svc-event-version': String(input.eventVersion),
    'x-svc-timestamp': input.timestamp,
    'x-svc-attempt': String(input.attempt),
  };
  if (input.deliveryId !== null) headers['x-svc-delivery-id'] = String(input.deliveryId);
  return headers;
}
