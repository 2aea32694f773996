import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { Config } from '../config';
import { crossTenant } from '../db/cross-tenant';
import type { Tx } from '../db/transaction';
import { forgetMail, queueMail } from '../mail/index';
import { emailKey } from '../email-address';
import { sealSecret } from '../security/secret-box';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';

/**
 * One-time codes of the public intake: six digits emailed to the address a customer typed, proving they
 * read that mailbox. A code works once, for INTAKE_CODE_TTL_MS, and is spent after INTAKE_CODE_MAX_TRIES
 * wrong codes typed for its email while it was live. Stored as an HMAC (keyed from SECRETS_KEY), never as
 * the digits; the digits are kept sealed (AES-GCM) only until the mail server accepted the message.
 * The email is a kind of the mail outbox (src/intake/intake-code.mail.ts).
 */

/** The code email's kind in the mail outbox; its reference is the intake_codes row's id. */
export const INTAKE_CODE_MAIL = 'intake_code';
/** A code works for 10 minutes (ms). */
export const INTAKE_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes typed for an email while a code is live that spend it: 5. */
export const INTAKE_CODE_MAX_TRIES = 5;
/** Code rows are deleted this long after they were made (a portal session lasts at most 12 hours): 24 hours (ms). */
const INTAKE_CODE_RETENTION_MS = 24 * 3600_000;

/** The hash under which codes, sessions and limits know an email: SHA-256 of its normalized key (emailKey). */
export const emailKeyHash = (email: string): string => sha256Hex(emailKey(email.trim()));

const macKeys = new WeakMap<Config['secretsKeys'], Map<string, Buffer>>();
function macKey(keys: Config['secretsKeys'], keyId: string): Buffer | null {
  let derived = macKeys.get(keys);
  if (!derived) {
    derived = new Map(keys.map((k) => [k.id, Buffer.from(hkdfSync('sha256', k.key, Buffer.alloc(0), 'svc intake code v1', 32))]));
    macKeys.set(keys, derived);
  }
  return derived.get(keyId) ?? null;
}

/** The stored form of a code: HMAC-SHA256 over the tenant, the email's key hash and the digits (null when key `keyId` is gone). */
export function codeMac(config: Pick<Config, 'secretsKeys'>, keyId: string, orgId: string, emailHash: string, code: string): string | null {
  const key = macKey(config.secretsKeys, keyId);
  return key ? createHmac('sha256', key).update(`${orgId}\n${emailHash}\n${code}`).digest('hex') : null;
}

/** The additional data that binds a sealed code to its tenant and keyed hash. */
export const intakeCodeAad = (orgId: string, codeHash: string): string => `intake-code:${orgId}:${codeHash}`;

/** Makes a code for `email` in the caller's transaction and queues its email in the mail outbox (sent after commit, never once expired). */
export async function createIntakeCode(tx: Tx, input: { orgId: string; email: string }): Promise<{ codeId: number; expiresAt: Date }> {
  const svc = tx.services;
  const now = svc.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const emailHash = emailKeyHash(input.email);
  const keyId = svc.config.secretsKeys[0]!.id;
  const hash = codeMac(svc.config, keyId, input.orgId, emailHash, code)!;
  const sealed = sealSecret(svc.config.secretsKeys, code, intakeCodeAad(input.orgId, hash));
  const expiresAt = new Date(now.getTime() + INTAKE_CODE_TTL_MS);
  const res = await tx.manager.query(
    `INSERT INTO intake_codes (org_id, email, email_key_hash, code_hash, key_id, code_sealed, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [input.orgId, input.email.trim(), emailHash, hash, keyId, sealed.ciphertext, expiresAt, now],
  );
  const codeId = (res as { insertId: number }).insertId;
  await queueMail(tx, { orgId: input.orgId, kind: INTAKE_CODE_MAIL, reference: codeId, sendBefore: expiresAt });
  return { codeId, expiresAt };
}

/** An intake code of an email: its MAC (with the key that made it), tries, expiry and use. */
export interface IntakeCode {
  id: number;
  codeHash: string;
  keyId: string;
  tries: number;
  expiresAt: Date;
  usedAt: Date | null;
}

interface IntakeCodeRow {
  id: number;
  code_hash: string;
  key_id: string;
  tries: number;
  expires_at: Date;
  used_at: Date | null;
}

const toIntakeCode = (r: IntakeCodeRow): IntakeCode => ({
  id: r.id, codeHash: r.code_hash, keyId: r.key_id, tries: r.tries, expiresAt: r.expires_at, usedAt: r.used_at,
});

/** The tenant's codes for an email made in the last 24 hours, newest first (at most 20). */
export async function recentIntakeCodes(svc: Services, orgId: string, emailHash: string): Promise<IntakeCode[]> {
  const since = new Date(svc.clock.now().getTime() - INTAKE_CODE_RETENTION_MS);
  const rows: IntakeCodeRow[] = await svc.db.query(
    `SELECT id, code_hash, key_id, tries, expires_at, used_at FROM intake_codes
     WHERE org_id = ? AND email_key_hash = ? AND created_at > ? ORDER BY id DESC LIMIT 20`,
    [orgId, emailHash, since],
  );
  return rows.map(toIntakeCode);
}

/** Counts a wrong code against every live code of the email; returns the most tries any of them has left. */
export async function countWrongCode(svc: Services, orgId: string, emailHash: string): Promise<number> {
  const now = svc.clock.now();
  await svc.db.query(
    `UPDATE intake_codes SET tries = tries + 1 WHERE org_id = ? AND email_key_hash = ? AND used_at IS NULL AND expires_at > ? AND tries < ?`,
    [orgId, emailHash, now, INTAKE_CODE_MAX_TRIES],
  );
  const [row]: { left: number | string | null }[] = await svc.db.query(
    `SELECT MAX(? - tries) AS \`left\` FROM intake_codes WHERE org_id = ? AND email_key_hash = ? AND used_at IS NULL AND expires_at > ? AND tries < ?`,
    [INTAKE_CODE_MAX_TRIES, orgId, emailHash, now, INTAKE_CODE_MAX_TRIES],
  );
  return Number(row?.left ?? 0);
}

/** Uses a live code once, in the caller's transaction: false when it was used, spent or expired meanwhile. */
export async function spendIntakeCode(tx: Tx, orgId: string, codeId: number): Promise<boolean> {
  const now = tx.services.clock.now();
  const res = await tx.manager.query(
    'UPDATE intake_codes SET used_at = ? WHERE org_id = ? AND id = ? AND used_at IS NULL AND expires_at > ? AND tries < ?',
    [now, orgId, codeId, now, INTAKE_CODE_MAX_TRIES],
  );
  return (res as { affectedRows: number }).affectedRows === 1;
}

/**
 * Periodic: deletes codes older than 24 hours (at most 1000 a run), with their emails in the outbox
 * (a lost code email is re-enqueued by the mail sweep). Cross-tenant: system work. Returns how many went.
 */
export async function sweepIntakeCodes(svc: Services): Promise<number> {
  const cutoff = new Date(svc.clock.now().getTime() - INTAKE_CODE_RETENTION_MS);
  const sweep = crossTenant(svc.db, 'sweep');
  const rows: { id: number }[] = await sweep.query('SELECT id FROM intake_codes WHERE created_at < ? ORDER BY created_at LIMIT 1000', [cutoff]);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  await forgetMail(svc.db, INTAKE_CODE_MAIL, ids);
  await sweep.query(`DELETE FROM intake_codes WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  return ids.length;
}
