import { type TenantDb } from '../db/index';
import type { Tx } from '../db/transaction';
import { randomToken, sha256Hex } from '../security/tokens';

/**
 * Portal sessions: a customer's browser session bound to one case, opened by redeeming a magic link or by
 * confirming their email on the public intake link.
 * The cookie (PORTAL_SESSION_COOKIE) carries a random 256-bit token; only its SHA-256 is stored
 * (portal_sessions.token_hash). A session ends after PORTAL_SESSION_IDLE_MS unused or
 * PORTAL_SESSION_TTL_MS after it was opened, whichever comes first.
 */

/** Absolute lifetime of a portal session, from redeeming the link: 12 hours (ms). */
export const PORTAL_SESSION_TTL_MS = 12 * 3600 * 1000;
/** A portal session unused this long ends: 2 hours (ms). */
export const PORTAL_SESSION_IDLE_MS = 2 * 3600 * 1000;
/** The idle expiry is moved on at most this often: one write per minute of use, not per request (ms). */
export const PORTAL_SESSION_TOUCH_MS = 60_000;

/**
 * Opens a portal session in the caller's transaction, for a redeemed invite (`id`: the invite's) or a
 * confirmed public-intake code (`intakeCodeId`); returns the cookie's token once.
 */
export async function openPortalSession(
  tx: Tx, grant: { orgId: string; casePk: number } & ({ id: number } | { intakeCodeId: number }),
): Promise<{ sessionToken: string; expiresAt: Date; idleExpiresAt: Date }> {
  const now = tx.services.clock.now();
  const sessionToken = randomToken(32);
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_TTL_MS);
  const idleExpiresAt = new Date(Math.min(now.getTime() + PORTAL_SESSION_IDLE_MS, expiresAt.getTime()));
  const inviteId = 'id' in grant ? grant.id : null;
  const intakeCodeId = 'intakeCodeId' in grant ? grant.intakeCodeId : null;
  await tx.manager.query(
    `INSERT INTO portal_sessions (token_hash, org_id, case_pk, invite_id, intake_code_id, created_at, last_seen_at, idle_expires_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [sha256Hex(sessionToken), grant.orgId, grant.casePk, inviteId, intakeCodeId, now, now, idleExpiresAt, expiresAt],
  );
  return { sessionToken, expiresAt, idleExpiresAt };
}

/** Moves a live portal session of the tenant's on its idle expiry (src/portal's findCustomerActor decides when). */
export async function touchPortalSession(db: TenantDb, tokenHash: string, now: Date, idleExpiresAt: Date): Promise<void> {
  const orgId = db.orgId;
  await db.query('UPDATE portal_sessions SET last_seen_at = ?, idle_expires_at = ? WHERE org_id = ? AND token_hash = ?', [now, idleExpiresAt, orgId, tokenHash]);
}
