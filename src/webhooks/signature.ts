import { createHmac, timingSafeEqual } from 'node:crypto';

/** The value of X-SVC-Signature: `sha256=` + hex HMAC-SHA256 of the exact body bytes. */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Standard Webhooks (standardwebhooks.com), sent beside X-SVC: `webhook-signature` is `v1,` + base64
 * HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the endpoint secret's bytes.
 */
export function signStandardWebhook(secret: string, id: string, timestampSeconds: number, body: string | Buffer): string {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestampSeconds}.`).update(body).digest('base64')}`;
}

/** The endpoint secret in Standard Webhooks' form (`whsec_` + base64 of its bytes), for their official verifiers. */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}

export const WEBHOOK_USER_AGENT = 'Service-Webhooks/1.0';

export interface VerifyWebhookOptions {
  /** Largest accepted difference between now and the timestamp (webhook-timestamp, else X-SVC-Timestamp), seconds. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Now, for tests. Default the system clock. */
  now?: Date;
}

export type VerifyWebhookResult =
  | { ok: true; eventId: string; event: string; timestamp: Date }
  | {
    ok: false;
    reason: 'missing_signature' | 'malformed_signature' | 'bad_signature' | 'malformed_body' | 'missing_timestamp' | 'timestamp_mismatch'
      | 'stale_timestamp';
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
 * The receiver's check. With Standard Webhooks' headers present it checks those (verifyStandardWebhook:
 * their window is on the attempt's own time, so late retries pass). Otherwise the contract's X-SVC check
 * ("Webhook signature verification"): HMAC-SHA256 over the raw request
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
  if (header(headers, 'webhook-signature') !== undefined) return verifyStandardWebhook(rawBody, headers, secret, options);
  const signature = header(headers, 'x-svc-signature');
  if (!signature) return { ok: false, reason: 'missing_signature' };
  if (!/^sha256=[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'malformed_signature' };
  const body = bytesOf(rawBody);
  const expected = Buffer.from(signWebhookBody(secret, body));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: 'bad_signature' };
  const signed = signedEvent(body);
  if (!signed) return { ok: false, reason: 'malformed_body' };
  const stamp = header(headers, 'x-svc-timestamp');
  const at = typeof signed.timestamp === 'string' ? new Date(signed.timestamp) : null;
  if (!stamp || !at || Number.isNaN(at.getTime())) return { ok: false, reason: 'missing_timestamp' };
  if (stamp !== signed.timestamp) return { ok: false, reason: 'timestamp_mismatch' };
  const tolerance = (options.toleranceSeconds ?? 300) * 1000;
  if (Math.abs((options.now ?? new Date()).getTime() - at.getTime()) > tolerance) return { ok: false, reason: 'stale_timestamp' };
  return { ok: true, eventId: signed.eventId, event: signed.event, timestamp: at };
}

interface SignedEvent {
  event: string;
  eventId: string;
  timestamp?: unknown;
}

/** The event the signed bytes hold, or null when they are not an event object. */
function signedEvent(body: Buffer): SignedEvent | null {
  let parsed: { event?: unknown; eventId?: unknown; timestamp?: unknown };
  try {
    parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.event !== 'string' || typeof parsed.eventId !== 'string') return null;
  return parsed as SignedEvent;
}

function bytesOf(rawBody: string | Buffer | Uint8Array): Buffer {
  return typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
}

/**
 * The Standard Webhooks check: one of the `v1,` signatures in webhook-signature (space-separated) must
 * equal the HMAC of `webhook-id.webhook-timestamp.body` (constant time); the window applies to
 * webhook-timestamp, the attempt's own time, so a late retry passes and a replay with a rewritten
 * timestamp fails its signature. The event id is webhook-id, which must be the signed body's eventId.
 */
function verifyStandardWebhook(rawBody: string | Buffer | Uint8Array, headers: HeaderBag, secret: string, options: VerifyWebhookOptions): VerifyWebhookResult {
  const id = header(headers, 'webhook-id');
  const stamp = header(headers, 'webhook-timestamp');
  const signatures = (header(headers, 'webhook-signature') ?? '').split(' ').filter((sig) => sig.startsWith('v1,'));
  if (!id || signatures.length === 0) return { ok: false, reason: 'malformed_signature' };
  if (!stamp || !/^\d{1,12}$/.test(stamp)) return { ok: false, reason: 'missing_timestamp' };
  const body = bytesOf(rawBody);
  const expected = Buffer.from(signStandardWebhook(secret, id, Number(stamp), body));
  if (!signatures.some((sig) => sig.length === expected.length && timingSafeEqual(expected, Buffer.from(sig)))) return { ok: false, reason: 'bad_signature' };
  const at = new Date(Number(stamp) * 1000);
  const tolerance = (options.toleranceSeconds ?? 300) * 1000;
  if (Math.abs((options.now ?? new Date()).getTime() - at.getTime()) > tolerance) return { ok: false, reason: 'stale_timestamp' };
  const signed = signedEvent(body);
  if (!signed || signed.eventId !== id) return { ok: false, reason: 'malformed_body' };
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
  /** When this attempt is sent (Standard Webhooks' webhook-timestamp). Default now. */
  sentAt?: Date;
}

/** The receiver contract's headers for one request, signature included, and Standard Webhooks' beside them. */
export function webhookHeaders(input: WebhookHeaderInput): Record<string, string> {
  const sentSeconds = Math.floor((input.sentAt ?? new Date()).getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-svc-signature': signWebhookBody(input.secret, input.body),
    'x-svc-event': input.event,
    'x-svc-event-id': input.eventId,
    'x-svc-event-version': String(input.eventVersion),
    'x-svc-timestamp': input.timestamp,
    'x-svc-attempt': String(input.attempt),
    'webhook-id': input.eventId,
    'webhook-timestamp': String(sentSeconds),
    'webhook-signature': signStandardWebhook(input.secret, input.eventId, sentSeconds, input.body),
  };
  if (input.deliveryId !== null) headers['x-svc-delivery-id'] = String(input.deliveryId);
  return headers;
}
