import { forTenant } from '../db/index';
import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import { inTransaction } from '../db/transaction';
import { safeEqual } from '../security/tokens';
import type { Services } from '../services';
import { lockReminderById, stopReminder } from './requested-items.repository';

/**
 * The one-click unsubscribe of reminder emails (RFC 8058): each reminder carries
 * `List-Unsubscribe: <{APP_URL}/portal/unsubscribe?token=…>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`. The token names the case's reminder state and its recipient and is an
 * HMAC under a key derived from SECRETS_KEY, so nothing secret is stored and a reminder re-sent after a
 * crash carries the same link; it is compared in constant time, and any master key still configured
 * verifies (key rotation).
 */
const macOf = (key: Buffer, reminderId: number, recipient: string) =>
  createHmac('sha256', createHmac('sha256', key).update('outreach-unsubscribe:v1').digest()).update(`${reminderId}\n${recipient.toLowerCase()}`).digest('base64url');

export function unsubscribeToken(keys: Config['secretsKeys'], reminderId: number, recipient: string): string {
  return `${reminderId}.${macOf(keys[0]!.key, reminderId, recipient)}`;
}

export function unsubscribeUrl(config: Config, reminderId: number, recipient: string): string {
  return `${config.appUrl}/portal/unsubscribe?token=${unsubscribeToken(config.secretsKeys, reminderId, recipient)}`;
}

const TOKEN_SHAPE = /^([1-9][0-9]{0,18})\.([A-Za-z0-9_-]{43})$/;

/**
 * Stops the reminders of the case the token names, for that recipient. Idempotent (a second click is
 * `unsubscribed` too). `unknown` for a malformed or forged token, or one whose recipient is no longer
 * the case's reminder recipient.
 */
export async function unsubscribeFromReminders(svc: Services, token: string): Promise<'unsubscribed' | 'unknown'> {
  const m = TOKEN_SHAPE.exec(token);
  if (!m) return 'unknown';
  const id = Number(m[1]);
  return inTransaction(svc, async (tx) => {
    const row = await lockReminderById(tx.manager, id);
    if (!row) return 'unknown';
    const ok = svc.config.secretsKeys.some((k) => safeEqual(macOf(k.key, id, row.recipientEmail), m[2]!));
    if (!ok) return 'unknown';
    if (!row.unsubscribedAt) await stopReminder(forTenant(tx.manager, row.orgId), row.casePk, 'unsubscribed', svc.clock.now());
    svc.log.info({ orgId: row.orgId, reminderId: id }, 'reminders unsubscribed');
    return 'unsubscribed';
  });
}
