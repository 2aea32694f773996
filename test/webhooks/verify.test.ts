import { expect } from 'chai';
import { signWebhookBody, verifyWebhook, webhookHeaders } from '../../src/webhooks/index';

describe('webhooks: verifyWebhook (receiver kit)', () => {
  const secret = 'receiver-secret-0123456789';
  const now = new Date('2026-11-21T12:00:00.000Z');
  const body = '{"event":"case.created","eventId":"9b2f0c1e-4b7a-4d2e-9c1a-1f2e3d4c5b6a","timestamp":"2026-11-21T12:00:00.000Z","note":"caf\u00e9"}';
  const headers = (over: Record<string, string> = {}) => ({
    ...webhookHeaders({ secret, body, event: 'case.created', eventId: '9b2f0c1e-4b7a-4d2e-9c1a-1f2e3d4c5b6a', eventVersion: 1, timestamp: now.toISOString(), deliveryId: 7, attempt: 1 }),
    ...over,
  });

  it('accepts the raw bytes as sent, from a string, a Buffer or fetch Headers', () => {
    expect(verifyWebhook(body, headers(), secret, { now })).to.deep.equal({ ok: true, eventId: '9b2f0c1e-4b7a-4d2e-9c1a-1f2e3d4c5b6a', event: 'case.created', timestamp: now });
    expect(verifyWebhook(Buffer.from(body), headers(), secret, { now }).ok).to.equal(true);
    const h = new Headers(headers());
    expect(verifyWebhook(new TextEncoder().encode(body), h, secret, { now }).ok).to.equal(true);
    const upper = Object.fromEntries(Object.entries(headers()).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(body, upper, secret, { now }).ok).to.equal(true);
  });

  it('rejects a missing, malformed or wrong signature, and re-serialised JSON', () => {
    const { 'x-svc-signature': _drop, ...unsigned } = headers();
    expect(verifyWebhook(body, unsigned, secret, { now })).to.deep.equal({ ok: false, reason: 'missing_signature' });
    expect(verifyWebhook(body, headers({ 'x-svc-signature': 'sha1=abc' }), secret, { now })).to.deep.equal({ ok: false, reason: 'malformed_signature' });
    expect(verifyWebhook(body, headers(), 'another-secret-0123456789', { now })).to.deep.equal({ ok: false, reason: 'bad_signature' });
    expect(verifyWebhook(JSON.stringify(JSON.parse(body), null, 1), headers(), secret, { now })).to.deep.equal({ ok: false, reason: 'bad_signature' });
    expect(signWebhookBody(secret, body)).to.equal(headers()['x-svc-signature']);
  });

  it('rejects a timestamp outside the window (default 5 minutes, the receiver may choose)', () => {
    const later = (s: number) => new Date(now.getTime() + s * 1000);
    expect(verifyWebhook(body, headers(), secret, { now: later(300) }).ok).to.equal(true);
    expect(verifyWebhook(body, headers(), secret, { now: later(301) })).to.deep.equal({ ok: false, reason: 'stale_timestamp' });
    expect(verifyWebhook(body, headers(), secret, { now: later(-301) })).to.deep.equal({ ok: false, reason: 'stale_timestamp' });
    expect(verifyWebhook(body, headers(), secret, { now: later(600), toleranceSeconds: 900 }).ok).to.equal(true);
    expect(verifyWebhook(body, headers({ 'x-svc-timestamp': 'yesterday' }), secret, { now })).to.deep.equal({ ok: false, reason: 'timestamp_mismatch' });
    const { 'x-svc-timestamp': _drop, ...stampless } = headers();
    expect(verifyWebhook(body, stampless, secret, { now })).to.deep.equal({ ok: false, reason: 'missing_timestamp' });
  });

  it('refuses a captured delivery replayed later with X-SVC-Timestamp rewritten: the header must equal the signed body timestamp', () => {
    const dayLater = new Date(now.getTime() + 86_400_000);
    const replay = headers({ 'x-svc-timestamp': dayLater.toISOString() });
    expect(verifyWebhook(body, replay, secret, { now: dayLater })).to.deep.equal({ ok: false, reason: 'timestamp_mismatch' });
    // The same instant written another way is still not the signed text.
    expect(verifyWebhook(body, headers({ 'x-svc-timestamp': '2026-11-21T12:00:00Z' }), secret, { now })).to.deep.equal({ ok: false, reason: 'timestamp_mismatch' });
    // Unrewritten, the replay is stale.
    expect(verifyWebhook(body, headers(), secret, { now: dayLater })).to.deep.equal({ ok: false, reason: 'stale_timestamp' });
  });

  it('takes the event id and type from the signed body, never from the unsigned headers', () => {
    const forged = headers({ 'x-svc-event-id': '00000000-0000-4000-8000-000000000000', 'x-svc-event': 'case.decision.made' });
    expect(verifyWebhook(body, forged, secret, { now })).to.deep.equal({ ok: true, eventId: '9b2f0c1e-4b7a-4d2e-9c1a-1f2e3d4c5b6a', event: 'case.created', timestamp: now });
  });

  it('refuses signed bytes that are not an event (no JSON object with event, eventId and timestamp)', () => {
    for (const raw of ['not json', '[]', '{"event":"case.created","timestamp":"2026-11-21T12:00:00.000Z"}']) {
      expect(verifyWebhook(raw, headers({ 'x-svc-signature': signWebhookBody(secret, raw) }), secret, { now }), raw).to.deep.equal({ ok: false, reason: 'malformed_body' });
    }
  });
});
