import { expect } from 'chai';
import { verifyWebhook, type VerifyWebhookResult } from '../../packages/client/src/index';
import { examplePayload } from '../../src/events/index';
import { verifyWebhook as serviceVerify, webhookHeaders } from '../../src/webhooks/index';

/** The client's verifyWebhook on requests signed by the service's own signer (src/webhooks/signature.ts). */
describe('client package: verifyWebhook', () => {
  const secret = 'client-receiver-secret-0123456789';
  const payload = examplePayload('case.created') as { eventId: string; timestamp: string; caseId: string };
  const body = JSON.stringify(payload);
  const emitted = new Date(payload.timestamp);
  const later = (s: number) => new Date(emitted.getTime() + s * 1000);
  const sent = (sentAt = emitted, b = body) =>
    webhookHeaders({ secret, body: b, event: 'case.created', eventId: payload.eventId, eventVersion: 1, timestamp: payload.timestamp, deliveryId: 3, attempt: 1, sentAt });
  /** Only X-SVC's headers (Standard Webhooks' dropped). */
  const svcOnly = (over: Record<string, string> = {}) => {
    const { 'webhook-id': _i, 'webhook-timestamp': _t, 'webhook-signature': _s, ...rest } = sent();
    return { ...rest, ...over };
  };

  /** What the client returns without its payload, which the service's verifier does not give. */
  const bare = (r: VerifyWebhookResult) => {
    if (!r.ok) return r;
    const { payload: _p, ...rest } = r;
    return rest;
  };

  it('accepts the X-SVC scheme and gives the typed payload', () => {
    const result = verifyWebhook(body, svcOnly(), secret, { now: later(10) });
    if (!result.ok) throw new Error(result.reason);
    expect(result).to.deep.include({ eventId: payload.eventId, event: 'case.created', timestamp: emitted });
    if (result.event === 'case.created') expect(result.payload.caseId).to.equal(payload.caseId); // narrowed to CaseCreatedEvent
    expect(verifyWebhook(Buffer.from(body), new Headers(svcOnly()), secret, { now: later(10) }).ok).to.equal(true);
  });

  it('accepts the Standard Webhooks scheme, its window on the attempt\'s own time (a late retry passes)', () => {
    const retry = later(1800);
    const result = verifyWebhook(new TextEncoder().encode(body), sent(retry), secret, { now: later(1810) });
    expect(bare(result)).to.deep.equal({ ok: true, eventId: payload.eventId, event: 'case.created', timestamp: new Date(Math.floor(retry.getTime() / 1000) * 1000) });
  });

  it('refuses a replay outside the window (default 5 minutes, or the receiver\'s), and a rewritten timestamp', () => {
    expect(verifyWebhook(body, svcOnly(), secret, { now: later(300) }).ok).to.equal(true);
    expect(verifyWebhook(body, svcOnly(), secret, { now: later(301) })).to.deep.equal({ ok: false, reason: 'stale_timestamp' });
    expect(verifyWebhook(body, svcOnly(), secret, { now: later(900), toleranceSeconds: 1000 }).ok).to.equal(true);
    expect(verifyWebhook(body, sent(), secret, { now: later(301) })).to.deep.equal({ ok: false, reason: 'stale_timestamp' });
    expect(verifyWebhook(body, svcOnly({ 'x-svc-timestamp': later(600).toISOString() }), secret, { now: later(600) })).to.deep.equal({ ok: false, reason: 'timestamp_mismatch' });
    const replayed = { ...sent(), 'webhook-timestamp': String(Math.floor(later(600).getTime() / 1000)) };
    expect(verifyWebhook(body, replayed, secret, { now: later(600) })).to.deep.equal({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a wrong secret, a changed body, a missing or malformed signature', () => {
    expect(verifyWebhook(body, svcOnly(), 'another-secret', { now: emitted })).to.deep.equal({ ok: false, reason: 'bad_signature' });
    expect(verifyWebhook(body, sent(), 'another-secret', { now: emitted })).to.deep.equal({ ok: false, reason: 'bad_signature' });
    expect(verifyWebhook(JSON.stringify(payload, null, 2), svcOnly(), secret, { now: emitted })).to.deep.equal({ ok: false, reason: 'bad_signature' });
    const { 'x-svc-signature': _drop, ...unsigned } = svcOnly();
    expect(verifyWebhook(body, unsigned, secret, { now: emitted })).to.deep.equal({ ok: false, reason: 'missing_signature' });
    expect(verifyWebhook(body, svcOnly({ 'x-svc-signature': 'sha1=abc' }), secret, { now: emitted })).to.deep.equal({ ok: false, reason: 'malformed_signature' });
  });

  it('answers as the service\'s own verifier does on each of those requests', () => {
    const cases: [string, Record<string, string>, string, Date][] = [
      [body, svcOnly(), secret, later(10)], [body, sent(), secret, later(10)], [body, svcOnly(), secret, later(301)],
      [body, sent(later(1800)), secret, later(1810)], [body, svcOnly(), 'x', emitted], [body, sent(), 'x', emitted],
      ['{"event":1}', svcOnly(), secret, emitted], [body, svcOnly({ 'x-svc-timestamp': 'now' }), secret, emitted],
    ];
    for (const [b, h, s, now] of cases) expect(bare(verifyWebhook(b, h, s, { now }))).to.deep.equal(serviceVerify(b, h, s, { now }));
  });
});
