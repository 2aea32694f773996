import { forTenant } from '../db/index';
import { createHmac } from 'node:crypto';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { safeEqual } from '../security/tokens';
import type { Services } from '../services';
import { completeVerification } from './complete-verification';
import { IDV_OUTCOMES, type IdvCheck, type IdvOutcome } from './identity-verifier';
import { findVerificationByVendorSession, rememberVendorEvent } from './verifications.repository';

/** How far a callback's timestamp may be from our clock, either way: 5 minutes (s). */
export const CALLBACK_TOLERANCE_S = 300;

/** The signature a vendor puts in `Idv-Signature`: `v1=` and the hex HMAC-SHA256 of `<timestamp>.<raw body>` under IDV_WEBHOOK_SECRET. */
export function signVendorCallback(secret: string, timestamp: string, body: Buffer | string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

export interface VendorCallback {
  vendor: string;
  timestamp: string | undefined;
  signature: string | undefined;
  /** The exact bytes received: the signature covers them, not a re-serialisation. */
  body: Buffer;
}

/**
 * A hosted-flow vendor's result (POST /hooks/idv/<vendor>). The signature (HMAC-SHA256 over timestamp and
 * raw body, compared in constant time) and a timestamp within CALLBACK_TOLERANCE_S of now are checked before
 * anything is read; then the session is looked up, and the vendor's eventId is remembered so that a replay,
 * or a second result for a completed session, answers `duplicate` without a second idv.completed. The
 * case's pipeline resumes on idv.completed by itself.
 */
export async function receiveVendorCallback(svc: Services, cb: VendorCallback): Promise<{ status: 'completed' | 'duplicate' }> {
  const vendor = svc.config.idvVendor;
  if (!vendor || svc.idv.flow !== 'hosted_flow' || cb.vendor !== vendor.name) throw new DomainError('not_found', 'No identity verification vendor of that name is configured.');
  const ts = cb.timestamp ?? '';
  if (!/^\d{1,12}$/.test(ts) || !cb.signature) throw new DomainError('unauthenticated', 'The callback must carry the Idv-Timestamp and Idv-Signature headers.');
  if (!safeEqual(signVendorCallback(vendor.webhookSecret, ts, cb.body), cb.signature.trim())) {
    throw new DomainError('unauthenticated', 'The callback\'s signature does not match its body and timestamp.');
  }
  const skew = Math.abs(svc.clock.now().getTime() / 1000 - Number(ts));
  if (skew > CALLBACK_TOLERANCE_S) throw new DomainError('unauthenticated', `The callback's timestamp is more than ${CALLBACK_TOLERANCE_S} seconds from the current time; it may be a replay.`);
  const result = parseBody(cb.body);

  const found = await findVerificationByVendorSession(svc.db, vendor.name, result.sessionId);
  if (!found) throw new DomainError('not_found', `No verification session ${result.sessionId} is known.`);
  return inTransaction(svc, async (tx) => {
    const v = await findVerificationByVendorSession(tx.manager, vendor.name, result.sessionId, true);
    if (!v) throw new DomainError('not_found', `No verification session ${result.sessionId} is known.`);
    const first = await rememberVendorEvent(forTenant(tx.manager, v.orgId), vendor.name, result.eventId, v.id, svc.clock.now());
    if (!first || v.state !== 'in_progress') return { status: 'duplicate' as const };
    await completeVerification(tx, v, { outcome: result.outcome, checks: result.checks, vendorName: vendor.name });
    return { status: 'completed' as const };
  });
}

function parseBody(body: Buffer): { eventId: string; sessionId: string; outcome: IdvOutcome; checks: IdvCheck[] } {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw DomainError.validation([{ path: 'body', message: 'must be JSON' }]);
  }
  const b = (json ?? {}) as Record<string, unknown>;
  const text = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
  const problems = [];
  if (!text(b.eventId, 191)) problems.push({ path: 'eventId', message: 'must be a string of 1 to 191 characters' });
  if (!text(b.sessionId, 191)) problems.push({ path: 'sessionId', message: 'must be a string of 1 to 191 characters' });
  if (!IDV_OUTCOMES.includes(b.outcome as IdvOutcome)) problems.push({ path: 'outcome', message: `must be one of ${IDV_OUTCOMES.join(', ')}` });
  if (problems.length) throw DomainError.validation(problems);
  const checks = Array.isArray(b.checks) ? b.checks.slice(0, 50).flatMap((c: unknown): IdvCheck[] => {
    const x = (c ?? {}) as Record<string, unknown>;
    if (!text(x.key, 64) || !['passed', 'failed', 'not_done'].includes(x.result as string)) return [];
    return [{ key: x.key as string, label: text(x.label, 200) ? x.label as string : x.key as string, result: x.result as IdvCheck['result'], detail: text(x.detail, 500) ? x.detail as string : null }];
  }) : [];
  return { eventId: b.eventId as string, sessionId: b.sessionId as string, outcome: b.outcome as IdvOutcome, checks };
}
