import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import type { TenantDb } from '../db/tenant-db';

/**
 * Every statement on second_factors, recovery_codes and mfa_challenges. A member's factors and codes are
 * read and written through the tenant's handle; a challenge is found by its token's hash (before the
 * tenant is known) through crossTenant.
 */

export type FactorKind = 'totp' | 'webauthn';

export interface FactorRow {
  id: string;
  orgId: string;
  memberId: string;
  kind: FactorKind;
  name: string;
  secretKeyId: string | null;
  secretCiphertext: string | null;
  lastUsedStep: number | null;
  credentialId: string | null;
  publicKey: string | null;
  signCount: number;
  transports: string | null;
  confirmedAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface RawFactor {
  id: string; org_id: string; member_id: string; kind: FactorKind; name: string; secret_key_id: string | null; secret_ciphertext: string | null;
  last_used_step: number | string | null; credential_id: string | null; public_key: string | null; sign_count: number | string; transports: string | null;
  confirmed_at: Date | null; created_at: Date; last_used_at: Date | null;
}

const toFactor = (r: RawFactor): FactorRow => ({
  id: r.id, orgId: r.org_id, memberId: r.member_id, kind: r.kind, name: r.name, secretKeyId: r.secret_key_id, secretCiphertext: r.secret_ciphertext,
  lastUsedStep: r.last_used_step === null ? null : Number(r.last_used_step), credentialId: r.credential_id, publicKey: r.public_key,
  signCount: Number(r.sign_count), transports: r.transports, confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
  createdAt: new Date(r.created_at), lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
});

/** A member's factors, oldest first; unconfirmed ones (an enrolment under way) only when asked. */
export async function factorsOf(db: TenantDb, memberId: string, options: { withUnconfirmed?: boolean; lock?: boolean } = {}): Promise<FactorRow[]> {
  const rows = (await db.query(
    `SELECT * FROM second_factors WHERE org_id = ? AND member_id = ?${options.withUnconfirmed ? '' : ' AND confirmed_at IS NOT NULL'}
     ORDER BY created_at, id${options.lock ? ' FOR UPDATE' : ''}`,
    [db.orgId, memberId],
  )) as RawFactor[];
  return rows.map(toFactor);
}

export async function insertFactor(db: TenantDb, f: Omit<FactorRow, 'orgId' | 'lastUsedAt'>): Promise<void> {
  await db.query(
    `INSERT INTO second_factors (id, org_id, member_id, kind, name, secret_key_id, secret_ciphertext, last_used_step, credential_hash, credential_id,
       public_key, sign_count, transports, confirmed_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, SHA2(?, 256), ?, ?, ?, ?, ?, ?)`,
    [f.id, db.orgId, f.memberId, f.kind, f.name, f.secretKeyId, f.secretCiphertext, f.lastUsedStep, f.credentialId, f.credentialId, f.publicKey,
      f.signCount, f.transports, f.confirmedAt, f.createdAt],
  );
}

/** Drops a member's enrolments that were never confirmed. */
export async function deleteUnconfirmedFactors(db: TenantDb, memberId: string, kind: FactorKind): Promise<void> {
  await db.query('DELETE FROM second_factors WHERE org_id = ? AND member_id = ? AND kind = ? AND confirmed_at IS NULL', [db.orgId, memberId, kind]);
}

export async function deleteFactor(db: TenantDb, memberId: string, id: string): Promise<boolean> {
  const r = (await db.query('DELETE FROM second_factors WHERE org_id = ? AND member_id = ? AND id = ?', [db.orgId, memberId, id])) as { affectedRows: number };
  return r.affectedRows === 1;
}

export async function confirmFactor(db: TenantDb, id: string, at: Date, step: number): Promise<void> {
  await db.query('UPDATE second_factors SET confirmed_at = ?, last_used_step = ?, last_used_at = ? WHERE org_id = ? AND id = ?', [at, step, at, db.orgId, id]);
}

/** Spends a TOTP step: false when this step (or a later one) was spent meanwhile, so a code is accepted once. */
export async function spendTotpStep(db: TenantDb, id: string, step: number, at: Date): Promise<boolean> {
  const r = (await db.query(
    'UPDATE second_factors SET last_used_step = ?, last_used_at = ? WHERE org_id = ? AND id = ? AND (last_used_step IS NULL OR last_used_step < ?)',
    [step, at, db.orgId, id, step],
  )) as { affectedRows: number };
  return r.affectedRows === 1;
}

/** A passkey's new signature counter after a use (never backwards: a cloned authenticator shows). */
export async function recordPasskeyUse(db: TenantDb, id: string, signCount: number, at: Date): Promise<void> {
  await db.query('UPDATE second_factors SET sign_count = GREATEST(sign_count, ?), last_used_at = ? WHERE org_id = ? AND id = ?', [signCount, at, db.orgId, id]);
}

/** The passkey of a credential id, in any tenant (a passwordless sign-in names only the credential). */
export async function findPasskeyByCredential(db: Queryable, credentialId: string): Promise<FactorRow | null> {
  const [row] = (await crossTenant(db, 'token-lookup').query(
    "SELECT * FROM second_factors WHERE credential_hash = SHA2(?, 256) AND kind = 'webauthn' AND confirmed_at IS NOT NULL", [credentialId],
  )) as RawFactor[];
  return row ? toFactor(row) : null;
}

export async function replaceRecoveryCodes(db: TenantDb, memberId: string, hashes: string[], at: Date): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE org_id = ? AND member_id = ?', [db.orgId, memberId]);
  for (const hash of hashes) {
    await db.query('INSERT INTO recovery_codes (org_id, member_id, code_hash, created_at) VALUES (?, ?, ?, ?)', [db.orgId, memberId, hash, at]);
  }
}

export async function deleteRecoveryCodes(db: TenantDb, memberId: string): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE org_id = ? AND member_id = ?', [db.orgId, memberId]);
}

/** Spends a recovery code: true once per code. */
export async function spendRecoveryCode(db: TenantDb, memberId: string, hash: string, at: Date): Promise<boolean> {
  const r = (await db.query(
    'UPDATE recovery_codes SET used_at = ? WHERE org_id = ? AND member_id = ? AND code_hash = ? AND used_at IS NULL', [at, db.orgId, memberId, hash],
  )) as { affectedRows: number };
  return r.affectedRows === 1;
}

export async function unusedRecoveryCodeCount(db: TenantDb, memberId: string): Promise<number> {
  const [row] = (await db.query('SELECT COUNT(*) AS n FROM recovery_codes WHERE org_id = ? AND member_id = ? AND used_at IS NULL', [db.orgId, memberId])) as { n: number | string }[];
  return Number(row?.n ?? 0);
}

export type ChallengePurpose = 'sign_in' | 'register' | 'passwordless' | 'step_up';
export type ChallengeDoor = 'console' | 'oauth';
/** What a sign-in that waits for its second factor was proved with first: the password, or the identity provider. */
export type FirstFactor = 'password' | 'sso';

export interface ChallengeRow {
  purpose: ChallengePurpose;
  door: ChallengeDoor;
  orgId: string | null;
  memberId: string | null;
  sid: string | null;
  webauthnChallenge: string | null;
  /** A pending sign-in's first factor (other purposes: 'password', unused). */
  firstFactor?: FirstFactor;
  expiresAt: Date;
}

export async function insertChallenge(db: Queryable, tokenHash: string, c: ChallengeRow, at: Date): Promise<void> {
  const byToken = crossTenant(db, 'token-lookup');
  await byToken.query(
    `INSERT INTO mfa_challenges (token_hash, purpose, door, org_id, member_id, sid, webauthn_challenge, first_factor, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [tokenHash, c.purpose, c.door, c.orgId, c.memberId, c.sid, c.webauthnChallenge, c.firstFactor ?? 'password', at, c.expiresAt],
  );
  // Keep the table to live challenges: a few expired ones go with each new one.
  await crossTenant(db, 'sweep').query('DELETE FROM mfa_challenges WHERE expires_at < ? ORDER BY expires_at LIMIT 20', [at]);
}

/** A live (unspent, unexpired) challenge of a token's hash. */
export async function findChallenge(db: Queryable, tokenHash: string, now: Date): Promise<ChallengeRow | null> {
  const [r] = (await crossTenant(db, 'token-lookup').query(
    `SELECT purpose, door, org_id, member_id, sid, webauthn_challenge, first_factor, expires_at
       FROM mfa_challenges WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
    [tokenHash, now],
  )) as {
    purpose: ChallengePurpose; door: ChallengeDoor; org_id: string | null; member_id: string | null; sid: string | null; webauthn_challenge: string | null;
    first_factor: FirstFactor; expires_at: Date;
  }[];
  return r ? {
    purpose: r.purpose, door: r.door, orgId: r.org_id, memberId: r.member_id, sid: r.sid, webauthnChallenge: r.webauthn_challenge, firstFactor: r.first_factor,
    expiresAt: new Date(r.expires_at),
  } : null;
}

/** Sets the WebAuthn challenge of a pending sign-in (a passkey asked for in place of a code). */
export async function setChallengeWebauthn(db: Queryable, tokenHash: string, webauthnChallenge: string): Promise<void> {
  await crossTenant(db, 'token-lookup').query('UPDATE mfa_challenges SET webauthn_challenge = ? WHERE token_hash = ? AND used_at IS NULL', [webauthnChallenge, tokenHash]);
}

/** Spends a challenge: true once. */
export async function spendChallenge(db: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const r = (await crossTenant(db, 'token-lookup').query(
    'UPDATE mfa_challenges SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?', [now, tokenHash, now],
  )) as { affectedRows: number };
  return r.affectedRows === 1;
}
