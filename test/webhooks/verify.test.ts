import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { signWebhookBody, standardWebhooksSecret, verifyWebhook, webhookHeaders } from '../../src/webhooks/index';

describe('webhooks: verifyWebhook (receiver kit)', () => {
  const secret = 'receiver-secret-0123456789';
  const now = new Date('2026-11-21T12:00:00.000Z');
  const body = '{"event":"case.created","eventId":"9b2f0c1e-4b7a-4d2e-9c1a-1f2e3d4c5b6a","timestamp":"2026-11-21T12:00:00.000Z","note":"caf\u00e9"}';
  const eventId = '9b2f0c1e-4b7a-4d2e-9c1a-1f2e3d4c5b6a';
  const sent = (sentAt: Date, attempt = 1) =>
    webhookHeaders({ secret, body, event: 'case.created', eventId, eventVersion: 1, timestamp: now.toISOString(), deliveryId: 7, attempt, sentAt });
  /** The X-SVC headers alone (a receiver or a proxy that drops Standard Webhooks' headers). */
  const headers = (over: Record<string, string> = {}) => {
    const { 'webhook-id': _i, 'webhook-timestamp': _t, 'webhook-signature': _s, ...svc } = sent(now);
    return { ...svc, ...over };
  };

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

  describe('Standard Webhooks, sent beside X-SVC', () => {
    it('are verified by the official standardwebhooks library with the whsec_ form of the same secret', () => {
      const h = sent(now);
      expect(h).to.include({ 'webhook-id': eventId, 'webhook-timestamp': String(now.getTime() / 1000) });
      expect(h['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]+=*$/);
      const wh = new Webhook(standardWebhooksSecret(secret));
      // The library checks its own clock: send it as of now.
      const live = sent(new Date());
      expect(wh.verify(body, live)).to.deep.include({ event: 'case.created', eventId });
      // A signature made one second before the live one's stamp (taken from that stamp, not from a second clock read,
      // which could land in the same second) does not verify under it.
      const secondBefore = new Date((Number(live['webhook-timestamp']) - 1) * 1000);
      expect(() => wh.verify(body, { ...live, 'webhook-signature': sent(secondBefore)['webhook-signature'] })).to.throw();
      expect(standardWebhooksSecret(secret)).to.equal(`whsec_${Buffer.from(secret).toString('base64')}`);
    });

    it('verifyWebhook prefers them: a retry 31 minutes after the event passes on its own attempt time', () => {
      const retryAt = new Date(now.getTime() + 31 * 60_000);
      expect(verifyWebhook(body, sent(retryAt, 6), secret, { now: retryAt })).to.deep.equal({ ok: true, eventId, event: 'case.created', timestamp: retryAt });
      // The same retry checked by the X-SVC headers alone is outside the 5-minute window of the emission time.
      const { 'webhook-id': _i, 'webhook-timestamp': _t, 'webhook-signature': _s, ...svcOnly } = sent(retryAt, 6);
      expect(verifyWebhook(body, svcOnly, secret, { now: retryAt })).to.deep.equal({ ok: false, reason: 'stale_timestamp' });
    });

    it('refuse a replay with a rewritten webhook-timestamp, a stale attempt, another secret and a forged id', () => {
      const dayLater = new Date(now.getTime() + 86_400_000);
      const captured = sent(now);
      const replay = { ...captured, 'webhook-timestamp': String(Math.floor(dayLater.getTime() / 1000)) };
      expect(verifyWebhook(body, replay, secret, { now: dayLater })).to.deep.equal({ ok: false, reason: 'bad_signature' });
      expect(verifyWebhook(body, captured, secret, { now: dayLater })).to.deep.equal({ ok: false, reason: 'stale_timestamp' });
      expect(verifyWebhook(body, captured, 'another-secret-0123456789', { now })).to.deep.equal({ ok: false, reason: 'bad_signature' });
      expect(verifyWebhook(body, { ...captured, 'webhook-id': 'evt-other' }, secret, { now })).to.deep.equal({ ok: false, reason: 'bad_signature' });
      expect(verifyWebhook(body, { ...captured, 'webhook-signature': 'v2,abc' }, secret, { now })).to.deep.equal({ ok: false, reason: 'malformed_signature' });
      // Several signatures (a rotated secret): one matching is enough.
      expect(verifyWebhook(body, { ...captured, 'webhook-signature': `v1,bm9wZQ== ${captured['webhook-signature']}` }, secret, { now }).ok).to.equal(true);
    });
  });
});
