import { createHash } from 'node:crypto';
import { crossTenant } from '../db/cross-tenant';
import { afterConnectionLoss, inTransaction, isConnectionLost, type Tx } from '../db/transaction';
import { DomainError } from '../errors';
import { openSecret, sealSecret } from '../security/secret-box';
import type { Services } from '../services';

/** How long a key is remembered (decisions.md: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A `running` key older than this was abandoned by a crashed process and may be taken over. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** The response stored for a key: what the first request answered, replayed verbatim. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** Valid Idempotency-Key values: 1..255 visible ASCII characters. */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7E]{1,255}$/.test(key);
}

/** Hash of a request body, independent of key order and whitespace. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
    if (v && typeof v === 'object') {
      return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
    }
    return JSON.stringify(v);
  };
  return createHash('sha256').update(canonical(body)).digest('hex');
}

type Claim = { claimed: true; fence: Date } | { claimed: false; replay: StoredResponse };

const aad = (orgId: string, key: string) => `idempotency:${orgId}:${key}`;

/**
 * Takes the key for this request (a committed `running` row, so that a concurrent request with the
 * same key sees it and answers 409 instead of waiting), or finds the finished response to replay.
 * Same key with another body: 422. Still running: 409. A connection lost meanwhile is retried (twice,
 * jittered) with the same fence: a `running` row with this body and exactly this fence is the claim
 * whose answer was lost. Should it be another request's after all, only one of the two can finish the
 * key (the fence and state check in runIdempotent), so the work still commits at most once.
 */
async function claim(svc: Services, orgId: string, key: string, hash: string, now = svc.clock.now(), tries = 1): Promise<Claim> {
  try {
    await svc.db.query('DELETE FROM idempotency_keys WHERE org_id = ? AND idem_key = ? AND expires_at <= ?', [orgId, key, now]);
    try {
      await svc.db.query(
        `INSERT INTO idempotency_keys (org_id, idem_key, request_hash, state, created_at, expires_at) VALUES (?, ?, ?, 'running', ?, ?)`,
        [orgId, key, hash, now, new Date(now.getTime() + IDEMPOTENCY_TTL_MS)],
      );
      return { claimed: true, fence: now };
    } catch (err) {
      if ((err as { code?: string }).code !== 'ER_DUP_ENTRY') throw err;
    }
    const [row]: { request_hash: string; state: string; response_status: number | null; response_body: string | null; created_at: Date }[] =
      await svc.db.query('SELECT request_hash, state, response_status, response_body, created_at FROM idempotency_keys WHERE org_id = ? AND idem_key = ?', [orgId, key]);
    if (!row) return claim(svc, orgId, key, hash); // expired and deleted by another request meanwhile
    if (row.request_hash !== hash) {
      throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body.');
    }
    if (row.state === 'done' && row.response_body !== null && row.response_status !== null) {
      const [keyId, ciphertext] = row.response_body.split('.', 2) as [string, string];
      const body = JSON.parse(openSecret(svc.config.secretsKeys, { keyId, ciphertext }, aad(orgId, key)));
      return { claimed: false, replay: { status: Number(row.response_status), body } };
    }
    if (tries > 1 && row.state === 'running' && row.created_at.getTime() === now.getTime()) return { claimed: true, fence: now };
    if (now.getTime() - row.created_at.getTime() > IDEMPOTENCY_LEASE_MS) {
      // Abandoned by a process that died mid-request: take it over (the fence stops the old owner).
      const res = await svc.db.query(
        `UPDATE idempotency_keys SET created_at = ? WHERE org_id = ? AND idem_key = ? AND state = 'running' AND created_at = ?`,
        [now, orgId, key, row.created_at],
      );
      if ((res as { affectedRows?: number }).affectedRows === 1) return { claimed: true, fence: now };
    }
    throw new DomainError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry later.');
  } catch (err) {
    if (!isConnectionLost(err) || tries >= 3) throw err;
    await afterConnectionLoss(tries);
    return claim(svc, orgId, key, hash, now, tries + 1);
  }
}

export interface IdempotentResult {
  response: StoredResponse;
  /** True when the response is a replay of an earlier request's. */
  replayed: boolean;
}

/**
 * Runs `work` at most once per (tenant, key) within 24 hours. `work` runs in a transaction and
 * returns the response; that response is stored in the same transaction (sealed, since it can carry
 * a magic link), so the key is done exactly when the work is committed. Without a key, `work` simply
 * runs. A failure that is not a stored response frees the key for a retry.
 */
export async function runIdempotent(
  svc: Services,
  input: { orgId: string; key: string | null; requestHash: string },
  work: (tx: Tx) => Promise<StoredResponse>,
): Promise<IdempotentResult> {
  if (input.key === null) return { response: await inTransaction(svc, work), replayed: false };
  const { orgId, key } = input;
  const claimed = await claim(svc, orgId, key, input.requestHash);
  if (!claimed.claimed) return { response: claimed.replay, replayed: true };
  try {
    const response = await inTransaction(svc, async (tx) => {
      const result = await work(tx);
      const sealed = sealSecret(svc.config.secretsKeys, JSON.stringify(result.body), aad(orgId, key));
      const res = await tx.manager.query(
        `UPDATE idempotency_keys SET state = 'done', response_status = ?, response_body = ?
         WHERE org_id = ? AND idem_key = ? AND state = 'running' AND created_at = ?`,
        [result.status, `${sealed.keyId}.${sealed.ciphertext}`, orgId, key, claimed.fence],
      );
      if ((res as { affectedRows?: number }).affectedRows !== 1) {
        throw new DomainError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry later.');
      }
      return result;
    });
    return { response, replayed: false };
  } catch (err) {
    await release(svc, orgId, key, claimed.fence);
    throw err;
  }
}

/**
 * Frees a claim whose work failed, so that a retry with the key runs at once. The failure is often a
 * lost connection, and the DELETE may meet the same fault: it is retried (3 tries, jittered) before the
 * key is left to free itself after its lease.
 */
async function release(svc: Services, orgId: string, key: string, fence: Date, tries = 1): Promise<void> {
  try {
    await svc.db.query(`DELETE FROM idempotency_keys WHERE org_id = ? AND idem_key = ? AND state = 'running' AND created_at = ?`, [orgId, key, fence]);
  } catch (err) {
    if (isConnectionLost(err) && tries < 3) {
      await afterConnectionLoss(tries);
      return release(svc, orgId, key, fence, tries + 1);
    }
    svc.log.warn({ err }, 'could not free an idempotency key; it frees itself after its lease');
  }
}

/** Forgets keys older than 24 hours (periodic; a key is also renewed lazily when reused after expiry). */
export async function purgeExpiredIdempotencyKeys(svc: Services): Promise<number> {
  const res = await crossTenant(svc.db, 'sweep').query('DELETE FROM idempotency_keys WHERE expires_at <= ? LIMIT 1000', [svc.clock.now()]);
  return (res as { affectedRows?: number }).affectedRows ?? 0;
}
