import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { Config } from '../config';
import { inTransaction, type Tx } from '../db/transaction';
import { planMailRetry } from '../mail/mail-retry';
import { emailKey } from '../email-address';
import { openSecret, sealSecret } from '../security/secret-box';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { renderIntakeCodeEmail } from './intake-email';

/**
 * One-time codes of the public intake: six digits emailed to the address a customer typed, proving they
 * read that mailbox. A code works once, for INTAKE_CODE_TTL_MS, and is spent after INTAKE_CODE_MAX_TRIES
 * wrong codes typed for its email while it was live. Stored as an HMAC (keyed from SECRETS_KEY), never as
 * the digits; the digits are kept sealed (AES-GCM) only until the mail server accepted the message.
 */

/** The worker task that sends one code email; payload {codeId}. */
export const SEND_INTAKE_CODE_TASK = 'send-intake-code';
/** A code works for 10 minutes (ms). */
export const INTAKE_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes typed for an email while a code is live that spend it: 5. */
export const INTAKE_CODE_MAX_TRIES = 5;
/** Code rows are deleted this long after they were made (a portal session lasts at most 12 hours): 24 hours (ms). */
const INTAKE_CODE_RETENTION_MS = 24 * 3600_000;
const LEASE_MS = 60_000;
const SWEEP_GRACE_MS = 30_000;

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

const aad = (orgId: string, codeHash: string) => `intake-code:${orgId}:${codeHash}`;

/** Makes a code for `email` in the caller's transaction; the send-intake-code job emails it after commit. */
export async function createIntakeCode(tx: Tx, input: { orgId: string; email: string }): Promise<{ codeId: number; expiresAt: Date }> {
  const svc = tx.services;
  const now = svc.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const emailHash = emailKeyHash(input.email);
  const keyId = svc.config.secretsKeys[0]!.id;
  const hash = codeMac(svc.config, keyId, input.orgId, emailHash, code)!;
  const sealed = sealSecret(svc.config.secretsKeys, code, aad(input.orgId, hash));
  const expiresAt = new Date(now.getTime() + INTAKE_CODE_TTL_MS);
  const res = await tx.manager.query(
    `INSERT INTO intake_codes (org_id, email, email_key_hash, code_hash, key_id, code_sealed, mail_state, next_attempt_at, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    [input.orgId, input.email.trim(), emailHash, hash, keyId, sealed.ciphertext, now, expiresAt, now],
  );
  const codeId = Number((res as { insertId: number }).insertId);
  tx.afterCommit(() => svc.jobs.enqueue(SEND_INTAKE_CODE_TASK, { codeId }, { jobKey: `${SEND_INTAKE_CODE_TASK}:${codeId}` }));
  return { codeId, expiresAt };
}

export interface IntakeCodeRow {
  id: number;
  code_hash: string;
  key_id: string;
  tries: number;
  expires_at: Date;
  used_at: Date | null;
}

/** The tenant's codes for an email made in the last 24 hours, newest first (at most 20). */
export async function recentIntakeCodes(svc: Services, orgId: string, emailHash: string): Promise<IntakeCodeRow[]> {
  const since = new Date(svc.clock.now().getTime() - INTAKE_CODE_RETENTION_MS);
  const rows: IntakeCodeRow[] = await svc.db.query(
    `SELECT id, code_hash, key_id, tries, expires_at, used_at FROM intake_codes
     WHERE org_id = ? AND email_key_hash = ? AND created_at > ? ORDER BY id DESC LIMIT 20`,
    [orgId, emailHash, since],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), tries: Number(r.tries) }));
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
  return Number((res as { affectedRows: number }).affectedRows) === 1;
}

interface MailRow {
  id: number;
  org_id: string;
  email: string;
  code_hash: string;
  key_id: string;
  code_sealed: string | null;
  mail_attempts: number;
  expires_at: Date;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
}

/**
 * Sends one code email (the send-intake-code job). Idempotent: a sent, failed or leased code is left
 * alone. Once the mail system accepts it, the sealed digits are erased. On failure the next attempt is
 * scheduled from MAIL_RETRY_SCHEDULE, but never after the code expires (then it is failed).
 */
export async function deliverIntakeCode(svc: Services, codeId: number): Promise<'sent' | 'retry' | 'failed' | 'skipped'> {
  const now = svc.clock.now();
  const leased = await svc.db.query(
    `UPDATE intake_codes SET lease_until = ? WHERE id = ? AND mail_state = 'pending' AND (lease_until IS NULL OR lease_until < ?)`,
    [new Date(now.getTime() + LEASE_MS), codeId, now],
  );
  if (Number((leased as { affectedRows: number }).affectedRows) !== 1) return 'skipped';
  const [row]: MailRow[] = await svc.db.query(
    `SELECT k.id, k.org_id, k.email, k.code_hash, k.key_id, k.code_sealed, k.mail_attempts, k.expires_at, t.name AS tenant_name, t.brand_color, t.logo_url
     FROM intake_codes k JOIN tenants t ON t.id = k.org_id WHERE k.id = ?`,
    [codeId],
  );
  if (!row || !row.code_sealed) return 'skipped';
  if (row.expires_at.getTime() <= now.getTime()) {
    await svc.db.query(`UPDATE intake_codes SET mail_state = 'failed', code_sealed = NULL, lease_until = NULL, next_attempt_at = NULL,
      last_error = 'The code expired before it could be sent.' WHERE id = ?`, [codeId]);
    return 'failed';
  }
  const code = openSecret(svc.config.secretsKeys, { keyId: row.key_id, ciphertext: row.code_sealed }, aad(row.org_id, row.code_hash));
  const mail = renderIntakeCodeEmail({
    branding: { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url }, code, minutes: Math.round(INTAKE_CODE_TTL_MS / 60_000),
  });
  try {
    const receipt = await svc.mailer.send({ orgId: row.org_id, to: row.email, fromName: row.tenant_name, ...mail });
    await svc.db.query(
      `UPDATE intake_codes SET mail_state = 'sent', mail_attempts = mail_attempts + 1, accepted_at = ?, last_error = NULL, code_sealed = NULL,
       lease_until = NULL, next_attempt_at = NULL WHERE id = ?`,
      [svc.clock.now(), codeId],
    );
    svc.log.info({ orgId: row.org_id, codeId, transport: receipt.transport }, 'intake code email accepted');
    return 'sent';
  } catch (err) {
    const { attempts, message, final, nextAt } = planMailRetry(svc, Number(row.mail_attempts), err, row.expires_at);
    await inTransaction(svc, async (tx) => {
      await tx.manager.query(
        `UPDATE intake_codes SET mail_attempts = ?, last_error = ?, mail_state = ?, next_attempt_at = ?, lease_until = NULL,
         code_sealed = IF(? = 'failed', NULL, code_sealed) WHERE id = ?`,
        [attempts, message, final ? 'failed' : 'pending', nextAt, final ? 'failed' : 'pending', codeId],
      );
      if (!final) tx.afterCommit(() => svc.jobs.enqueue(SEND_INTAKE_CODE_TASK, { codeId }, { jobKey: `${SEND_INTAKE_CODE_TASK}:${codeId}`, runAt: nextAt! }));
    });
    svc.log.warn({ orgId: row.org_id, codeId, attempts, final, error: message }, 'intake code email not accepted');
    return final ? 'failed' : 'retry';
  }
}

/**
 * Periodic: re-enqueues code emails whose job was lost (crash between commit and enqueue), and deletes
 * codes older than 24 hours. Returns how many were re-enqueued.
 */
export async function sweepIntakeCodes(svc: Services): Promise<number> {
  const now = svc.clock.now();
  const due = new Date(now.getTime() - SWEEP_GRACE_MS);
  const rows: { id: number }[] = await svc.db.query(
    `SELECT id FROM intake_codes WHERE mail_state = 'pending' AND next_attempt_at <= ? AND expires_at > ? AND (lease_until IS NULL OR lease_until < ?)
     ORDER BY next_attempt_at LIMIT 100`,
    [due, now, now],
  );
  for (const { id } of rows) await svc.jobs.enqueue(SEND_INTAKE_CODE_TASK, { codeId: Number(id) }, { jobKey: `${SEND_INTAKE_CODE_TASK}:${id}` });
  await svc.db.query('DELETE FROM intake_codes WHERE created_at < ? LIMIT 1000', [new Date(now.getTime() - INTAKE_CODE_RETENTION_MS)]);
  return rows.length;
}
