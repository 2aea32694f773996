import { crossTenant } from '../db/cross-tenant';
import type { Services } from '../services';
import { sha256Hex } from '../security/tokens';
import { findMemberByEmail } from './authenticate-member';
import { addHits, refundHit, windowStartOf, type RateLimit } from '../access/rate-limit';
import { sourceAddressKey } from '../access/source-address';

/**
 * Password guessing on the authorization pages, limited two ways:
 * - per source address: at most SIGN_IN_ADDRESS_LIMIT failed sign-ins (any accounts) per 15-minute
 *   window; then that address waits for the window to end;
 * - per account (the member the email reaches, whichever form of the address was typed; for an email
 *   no member has, the email itself, so the answers never tell which emails exist): the first
 *   SIGN_IN_FREE_FAILURES failures cost nothing, then each attempt
 *   must wait 1 s after the one before, doubling with every further failure up to 60 s. The account
 *   is never locked: its owner, from anywhere, signs in as soon as the current wait is over, and a
 *   success clears the count. Failures are forgotten 15 minutes after the last attempt.
 * Every attempt is counted when it is admitted and given back if the password was right, so
 * concurrent attempts cannot slip past either limit.
 */
export const SIGN_IN_ADDRESS_LIMIT: RateLimit = { name: 'sign-in-address', limit: 20, windowMs: 15 * 60_000 };
export const SIGN_IN_FREE_FAILURES = 5;
export const SIGN_IN_FIRST_DELAY_MS = 1_000;
export const SIGN_IN_MAX_DELAY_MS = 60_000;
export const SIGN_IN_FORGET_MS = 15 * 60_000;

/** How long an account's next attempt must wait after its last one, given its failures so far. */
export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(SIGN_IN_MAX_DELAY_MS, SIGN_IN_FIRST_DELAY_MS * 2 ** Math.min(failures - SIGN_IN_FREE_FAILURES, 20));
}
// The same, in SQL over the row's `failures`.
const DELAY_SQL = `IF(failures < ${SIGN_IN_FREE_FAILURES}, 0, LEAST(${SIGN_IN_MAX_DELAY_MS}, ${SIGN_IN_FIRST_DELAY_MS} * POW(2, LEAST(failures - ${SIGN_IN_FREE_FAILURES}, 20))))`;

export interface SignInTicket {
  accountKey: string;
  addressBucket: string;
  addressWindow: number;
}

export type SignInAdmission = { allowed: true; ticket: SignInTicket } | { allowed: false; retryAfterSeconds: number };

/**
 * The account an attempt counts against: the member the email reaches (the database's comparison
 * treats accents, letter widths and case as equal, so "Mémber@" reaches "member@"), else the email in
 * NFKC lower case.
 */
async function accountKeyOf(svc: Services, email: string): Promise<string> {
  const member = await findMemberByEmail(svc, email);
  return sha256Hex(member ? `member:${member.id}` : `email:${email.trim().normalize('NFKC').toLowerCase()}`);
}

/** Admits one sign-in attempt (counting it as a failure until told otherwise), or says how long to wait. */
export async function admitSignIn(svc: Services, input: { email: string; address: string | undefined }): Promise<SignInAdmission> {
  const nowMs = svc.clock.now().getTime();
  const addressBucket = `signin-addr:${sourceAddressKey(input.address)}`;
  const addressWindow = windowStartOf(SIGN_IN_ADDRESS_LIMIT, nowMs);
  const { total } = await addHits(svc.db, addressBucket, addressWindow, 1);
  if (total > SIGN_IN_ADDRESS_LIMIT.limit) {
    await refundHit(svc.db, addressBucket, addressWindow);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((addressWindow + SIGN_IN_ADDRESS_LIMIT.windowMs - nowMs) / 1000)) };
  }

  const accountKey = await accountKeyOf(svc, input.email);
  const failures = crossTenant(svc.db, 'service-state');
  const forgetBefore = nowMs - SIGN_IN_FORGET_MS;
  const created = (await failures.query('INSERT IGNORE INTO sign_in_failures (account_key, failures, last_attempt_at) VALUES (?, 0, 0)', [accountKey])) as { affectedRows: number };
  // Admitted when the failures are forgotten or the wait since the last attempt is over; one UPDATE,
  // so of concurrent attempts only those the count allows get through.
  const admitted = (await failures.query(
    `UPDATE sign_in_failures SET failures = IF(last_attempt_at < ?, 1, failures + 1), last_attempt_at = ?
     WHERE account_key = ? AND (last_attempt_at < ? OR last_attempt_at + ${DELAY_SQL} <= ?)`,
    [forgetBefore, nowMs, accountKey, forgetBefore, nowMs],
  )) as { affectedRows: number };
  if (created.affectedRows === 1) {
    // A new account row: a few forgotten ones go with it, so the table holds recent failures only.
    await failures.query('DELETE FROM sign_in_failures WHERE last_attempt_at < ? ORDER BY last_attempt_at LIMIT 20', [forgetBefore]);
  }
  if (admitted.affectedRows === 1) return { allowed: true, ticket: { accountKey, addressBucket, addressWindow } };

  await refundHit(svc.db, addressBucket, addressWindow);
  const [row] = (await failures.query('SELECT failures, last_attempt_at FROM sign_in_failures WHERE account_key = ?', [accountKey])) as { failures: number; last_attempt_at: number | string }[];
  const waitMs = row ? Number(row.last_attempt_at) + signInDelayMs(Number(row.failures)) - nowMs : 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** The password was right: the attempt was no failure, and the account's failures are cleared. */
export async function recordSignInSuccess(svc: Services, ticket: SignInTicket): Promise<void> {
  await crossTenant(svc.db, 'service-state').query('DELETE FROM sign_in_failures WHERE account_key = ?', [ticket.accountKey]);
  await refundHit(svc.db, ticket.addressBucket, ticket.addressWindow);
}
