import { randomUUID } from 'node:crypto';
import { EVENT_VERSION } from '../events/record-event';
import type { Services } from '../services';
import { sendSigned } from './send-signed';

/** Shown of the receiver's answer to a Test: the first 500 bytes of the body. */
export const TEST_BODY_PREVIEW_BYTES = 500;

/** The result of an endpoint test, for the console. */
export interface WebhookTestResult {
  /** True when the receiver answered 2xx. */
  ok: boolean;
  /** 0 when there was no response. */
  httpStatus: number;
  /** DNS, TLS, reachability or status problem in words; null when ok. */
  error: string | null;
  /** First 500 bytes of the response body. */
  body: string | null;
  durationMs: number;
  eventId: string;
}

/** The `ping` payload of endpoint tests (never stored in the events table). */
export function pingPayload(orgId: string, now: Date, message: string): string {
  return JSON.stringify({ event: 'ping', eventId: randomUUID(), eventVersion: EVENT_VERSION, timestamp: now.toISOString(), orgId, message });
}

/** Sends one signed ping (no delivery row, attempt 1) and reports the answer in words. */
export async function sendPing(svc: Services, input: { orgId: string; url: string; secret: string; message: string }): Promise<WebhookTestResult> {
  const body = pingPayload(input.orgId, svc.clock.now(), input.message);
  const payload = JSON.parse(body) as { eventId: string; timestamp: string };
  const out = await sendSigned(svc, input.url, {
    secret: input.secret, body, event: 'ping', eventId: payload.eventId, eventVersion: EVENT_VERSION,
    timestamp: payload.timestamp, deliveryId: null, attempt: 1,
  });
  const ok = out.status >= 200 && out.status < 300;
  const error = out.error ?? (ok ? null : out.status >= 300 && out.status < 400
    ? `The receiver answered with a redirect (HTTP ${out.status}); redirects are not followed.`
    : `The receiver answered HTTP ${out.status}.`);
  return { ok, httpStatus: out.status, error, body: out.body === null ? null : firstBytes(out.body, TEST_BODY_PREVIEW_BYTES), durationMs: out.durationMs, eventId: payload.eventId };
}

function firstBytes(text: string, max: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= max) return text;
  // Cut on a character boundary: drop a partial UTF-8 sequence at the end.
  let end = max;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}
