import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent, WebhookEventType, WebhookPayloads } from './generated/events';

// The receiver's check of the service's webhooks (docs/webhooks.md), standing alone: the same rules as the
// service's src/webhooks/signature.ts, which the tests hold this copy to.

export interface VerifyWebhookOptions {
  /** Largest accepted difference between now and the signed timestamp, seconds. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Now, for tests. Default the system clock. */
  now?: Date;
}

export type WebhookFailure = 'missing_signature' | 'malformed_signature' | 'bad_signature' | 'malformed_body' | 'missing_timestamp' | 'timestamp_mismatch' | 'stale_timestamp';

export type VerifiedWebhook = {
  [E in WebhookEventType]: { ok: true; eventId: string; event: E; timestamp: Date; payload: WebhookPayloads[E] }
}[WebhookEventType];

/** `ok` with the typed payload (switch on `event` to narrow it), or why the request must be answered 401. */
export type VerifyWebhookResult = VerifiedWebhook | { ok: false; reason: WebhookFailure };

/** Node's request headers (lower-case keys) or a fetch Headers. */
export type HeaderBag = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v[0] : v;
}

function bytesOf(rawBody: string | Uint8Array): Buffer {
  return typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
}

/** The event the signed bytes hold, or null when they are not an event object. */
function signedEvent(body: Buffer): (WebhookEvent & { event: WebhookEventType; eventId: string; timestamp: unknown }) | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  const p = parsed as { event?: unknown; eventId?: unknown } | null;
  if (!p || typeof p !== 'object' || typeof p.event !== 'string' || typeof p.eventId !== 'string') return null;
  return parsed as WebhookEvent & { event: WebhookEventType; eventId: string; timestamp: unknown };
}

const within = (at: Date, options: VerifyWebhookOptions) =>
  Math.abs((options.now ?? new Date()).getTime() - at.getTime()) <= (options.toleranceSeconds ?? 300) * 1000;

const verified = (signed: NonNullable<ReturnType<typeof signedEvent>>, timestamp: Date) =>
  ({ ok: true, eventId: signed.eventId, event: signed.event, timestamp, payload: signed }) as VerifiedWebhook;

/**
 * Verifies one webhook request from its raw body bytes (never re-serialised JSON). With Standard Webhooks'
 * headers (webhook-id, webhook-timestamp, webhook-signature) it checks those: `v1,` + base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`, the window on webhook-timestamp (the attempt's own time).
 * Otherwise X-SVC-Signature (`sha256=` + hex HMAC-SHA256 of the body); X-SVC-Timestamp must equal the signed
 * body's `timestamp` and the window applies to it (the emission time: late retries need a wider
 * `toleranceSeconds`). Comparisons are constant-time. Answer 401 unless `ok`; deduplicate on `eventId`.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string, options: VerifyWebhookOptions = {}): VerifyWebhookResult {
  if (header(headers, 'webhook-signature') !== undefined) return verifyStandard(rawBody, headers, secret, options);
  const signature = header(headers, 'x-svc-signature');
  if (!signature) return { ok: false, reason: 'missing_signature' };
  if (!/^sha256=[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'malformed_signature' };
  const body = bytesOf(rawBody);
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: 'bad_signature' };
  const signed = signedEvent(body);
  if (!signed) return { ok: false, reason: 'malformed_body' };
  const stamp = header(headers, 'x-svc-timestamp');
  const at = typeof signed.timestamp === 'string' ? new Date(signed.timestamp) : null;
  if (!stamp || !at || Number.isNaN(at.getTime())) return { ok: false, reason: 'missing_timestamp' };
  if (stamp !== signed.timestamp) return { ok: false, reason: 'timestamp_mismatch' };
  if (!within(at, options)) return { ok: false, reason: 'stale_timestamp' };
  return verified(signed, at);
}

function verifyStandard(rawBody: string | Uint8Array, headers: HeaderBag, secret: string, options: VerifyWebhookOptions): VerifyWebhookResult {
  const id = header(headers, 'webhook-id');
  const stamp = header(headers, 'webhook-timestamp');
  const signatures = (header(headers, 'webhook-signature') ?? '').split(' ').filter((sig) => sig.startsWith('v1,'));
  if (!id || signatures.length === 0) return { ok: false, reason: 'malformed_signature' };
  if (!stamp || !/^\d{1,12}$/.test(stamp)) return { ok: false, reason: 'missing_timestamp' };
  const body = bytesOf(rawBody);
  const expected = Buffer.from(`v1,${createHmac('sha256', secret).update(`${id}.${stamp}.`).update(body).digest('base64')}`);
  if (!signatures.some((sig) => sig.length === expected.length && timingSafeEqual(expected, Buffer.from(sig)))) return { ok: false, reason: 'bad_signature' };
  const at = new Date(Number(stamp) * 1000);
  if (!within(at, options)) return { ok: false, reason: 'stale_timestamp' };
  const signed = signedEvent(body);
  if (!signed || signed.eventId !== id) return { ok: false, reason: 'malformed_body' };
  return verified(signed, at);
}
