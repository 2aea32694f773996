import { advanceOnboardingStage } from '../cases/onboarding-progress';
import { inTransaction, type Tx } from '../db/transaction';
import { planMailRetry } from '../mail/mail-retry';
import { openSecret, sealSecret } from '../security/secret-box';
import { openPortalSession } from './portal-session';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { renderInviteEmail, type Branding } from './invite-email';
import type { InviteState, InviteStatusView } from './invite.wire';

/**
 * What a magic link is for: `invite` (the case's invitation, shown as its invite status) or `evidence`
 * (a link in an EDD or document request email or a reminder, which lands on the portal's upload page).
 */
export type InvitePurpose = 'invite' | 'evidence';

/** The worker task that sends one invite email; payload {inviteId}. */
export const SEND_INVITE_TASK = 'send-invite';
const LEASE_MS = 60_000;
/** An invite due this long ago whose job has not run is presumed lost and re-enqueued by the sweep. */
const SWEEP_GRACE_MS = 30_000;

/** The customer-portal address of an invite token: `{APP_URL}/portal/invite?token=…`. */
export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl}/portal/invite?token=${token}`;
}

const aad = (orgId: string, inviteHash: string) => `invite:${orgId}:${inviteHash}`;

/**
 * Creates the magic-link invite of a case inside the caller's transaction and returns its link.
 * The token is stored hashed; while the email is unsent it is also kept sealed (AES-GCM) so that
 * the send job and its retries can put the same link in the message; it is erased once sent.
 */
export async function createInvite(
  tx: Tx,
  input: { orgId: string; casePk: number; email: string; send: boolean; purpose?: InvitePurpose },
): Promise<{ inviteId: number; link: string; expiresAt: Date }> {
  const svc = tx.services;
  const now = svc.clock.now();
  const token = randomToken(32);
  const hash = sha256Hex(token);
  const expiresAt = new Date(now.getTime() + svc.config.inviteTtlMs);
  const sealed = input.send ? sealSecret(svc.config.secretsKeys, token, aad(input.orgId, hash)) : null;
  const res = await tx.manager.query(
    `INSERT INTO invites (org_id, case_pk, email, token_hash, token_sealed, token_key_id, state, attempts, next_attempt_at, expires_at, created_at, purpose)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    [input.orgId, input.casePk, input.email, hash, sealed?.ciphertext ?? null, sealed?.keyId ?? null,
      input.send ? 'pending' : 'not_sent', input.send ? now : null, expiresAt, now, input.purpose ?? 'invite'],
  );
  const inviteId = Number((res as { insertId: number }).insertId);
  if (input.send) {
    tx.afterCommit(() => svc.jobs.enqueue(SEND_INVITE_TASK, { inviteId }, { jobKey: `${SEND_INVITE_TASK}:${inviteId}` }));
  }
  return { inviteId, link: inviteLink(svc.config.appUrl, token), expiresAt };
}

interface InviteRow {
  id: number;
  org_id: string;
  case_pk: number;
  email: string;
  token_hash: string;
  token_sealed: string | null;
  token_key_id: string | null;
  state: InviteState;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
  customer_name: string | null;
  company_name: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
  purpose: InvitePurpose;
}

const INVITE_SELECT = `SELECT i.id, i.org_id, i.case_pk, i.email, i.token_hash, i.token_sealed, i.token_key_id, i.state, i.attempts, i.purpose,
  i.expires_at, i.used_at, c.customer_name, c.company_name, t.name AS tenant_name, t.brand_color, t.logo_url
  FROM invites i JOIN cases c ON c.pk = i.case_pk AND c.org_id = i.org_id JOIN tenants t ON t.id = i.org_id`;

/**
 * Sends one invite email (the send-invite job). Idempotent: a sent, failed or leased invite is left
 * alone, so duplicate jobs are harmless. Once the mail system accepts it, the invite is marked sent
 * and, in the same transaction, a case still at stage `created` moves to `invite_sent` with
 * case.onboarding_progress.changed (a case further along is left alone). On failure the attempt is
 * recorded on the invite (visible on the case) and the next one scheduled from MAIL_RETRY_SCHEDULE;
 * after the last, the invite is failed.
 */
export async function deliverInvite(svc: Services, inviteId: number): Promise<'sent' | 'retry' | 'failed' | 'skipped'> {
  const now = svc.clock.now();
  const leased = await svc.db.query(
    `UPDATE invites SET lease_until = ? WHERE id = ? AND state = 'pending' AND (lease_until IS NULL OR lease_until < ?)`,
    [new Date(now.getTime() + LEASE_MS), inviteId, now],
  );
  if (Number((leased as { affectedRows: number }).affectedRows) !== 1) return 'skipped';
  const [row]: InviteRow[] = await svc.db.query(`${INVITE_SELECT} WHERE i.id = ?`, [inviteId]);
  if (!row || !row.token_sealed || !row.token_key_id) return 'skipped';
  const token = openSecret(svc.config.secretsKeys, { keyId: row.token_key_id, ciphertext: row.token_sealed }, aad(row.org_id, row.token_hash));
  const branding: Branding = { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url };
  const mail = renderInviteEmail({
    branding, customerName: row.customer_name, companyName: row.company_name, link: inviteLink(svc.config.appUrl, token), expiresAt: row.expires_at,
  });
  try {
    const receipt = await svc.mailer.send({ orgId: row.org_id, to: row.email, fromName: row.tenant_name, ...mail });
    await inTransaction(svc, async (tx) => {
      await tx.manager.query(
        `UPDATE invites SET state = 'sent', attempts = attempts + 1, accepted_at = ?, message_id = ?, transport = ?, last_error = NULL,
         token_sealed = NULL, token_key_id = NULL, lease_until = NULL, next_attempt_at = NULL WHERE id = ?`,
        [svc.clock.now(), receipt.messageId.slice(0, 255), receipt.transport, inviteId],
      );
      await advanceOnboardingStage(tx, { orgId: row.org_id, casePk: Number(row.case_pk), stage: 'invite_sent' });
    });
    svc.log.info({ orgId: row.org_id, inviteId, transport: receipt.transport }, 'invite email accepted');
    return 'sent';
  } catch (err) {
    const { attempts, message, final, nextAt: next } = planMailRetry(svc, Number(row.attempts), err);
    await inTransaction(svc, async (tx) => {
      await tx.manager.query(
        `UPDATE invites SET attempts = ?, last_error = ?, state = ?, next_attempt_at = ?, lease_until = NULL,
         token_sealed = IF(? = 'failed', NULL, token_sealed), token_key_id = IF(? = 'failed', NULL, token_key_id) WHERE id = ?`,
        [attempts, message, final ? 'failed' : 'pending', next, final ? 'failed' : 'pending', final ? 'failed' : 'pending', inviteId],
      );
      if (next) tx.afterCommit(() => svc.jobs.enqueue(SEND_INVITE_TASK, { inviteId }, { jobKey: `${SEND_INVITE_TASK}:${inviteId}`, runAt: next }));
    });
    svc.log.warn({ orgId: row.org_id, inviteId, attempts, final, error: message }, 'invite email not accepted');
    return final ? 'failed' : 'retry';
  }
}

/** Re-enqueues pending invites whose job was lost (crash between commit and enqueue). Periodic. */
export async function sweepInvites(svc: Services): Promise<number> {
  const due = new Date(svc.clock.now().getTime() - SWEEP_GRACE_MS);
  const rows: { id: number }[] = await svc.db.query(
    `SELECT id FROM invites WHERE state = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_attempt_at LIMIT 100`,
    [due, svc.clock.now()],
  );
  for (const { id } of rows) await svc.jobs.enqueue(SEND_INVITE_TASK, { inviteId: Number(id) }, { jobKey: `${SEND_INVITE_TASK}:${id}` });
  return rows.length;
}

export async function latestInviteStatus(svc: Services, orgId: string, casePk: number): Promise<InviteStatusView | null> {
  const [row]: { state: InviteState; accepted_at: Date | null; attempts: number; last_error: string | null; expires_at: Date; used_at: Date | null }[] =
    await svc.db.query(
      `SELECT state, accepted_at, attempts, last_error, expires_at, used_at FROM invites WHERE org_id = ? AND case_pk = ? AND purpose = 'invite' ORDER BY id DESC LIMIT 1`,
      [orgId, casePk],
    );
  if (!row) return null;
  return {
    status: row.state,
    deliveredAt: row.accepted_at ? row.accepted_at.toISOString() : null,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    expiresAt: row.expires_at.toISOString(),
    usedAt: row.used_at ? row.used_at.toISOString() : null,
  };
}

/** What the landing page of a magic link shows. */
export type InviteLanding =
  | { state: 'unknown' }
  | { state: 'valid' | 'used' | 'expired'; branding: Branding; customerName: string | null; companyName: string | null; expiresAt: Date; purpose: InvitePurpose };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** Looks an invite up by its link token (never by anything else). */
export async function inspectInvite(svc: Services, token: string): Promise<InviteLanding> {
  if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
  const [row]: InviteRow[] = await svc.db.query(`${INVITE_SELECT} WHERE i.token_hash = ?`, [sha256Hex(token)]);
  if (!row) return { state: 'unknown' };
  const state = row.used_at ? 'used' : row.expires_at.getTime() <= svc.clock.now().getTime() ? 'expired' : 'valid';
  return {
    state,
    branding: { name: row.tenant_name, brandColor: row.brand_color, logoUrl: row.logo_url },
    customerName: row.customer_name,
    companyName: row.company_name,
    expiresAt: row.expires_at,
    purpose: row.purpose,
  };
}

/**
 * Redeems a magic link once: marks it used (atomically; a second redeem loses) and opens a portal
 * session (src/portal/portal-session.ts) whose cookie value is returned once and stored hashed. Null
 * when the link is unknown, used or expired.
 */
export async function redeemInvite(svc: Services, token: string): Promise<{ sessionToken: string; expiresAt: Date } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = sha256Hex(token);
  return inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    const res = await tx.manager.query('UPDATE invites SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?', [now, hash, now]);
    if (Number((res as { affectedRows: number }).affectedRows) !== 1) return null;
    const [invite]: { id: number; org_id: string; case_pk: number }[] = await tx.manager.query('SELECT id, org_id, case_pk FROM invites WHERE token_hash = ?', [hash]);
    const session = await openPortalSession(tx, { id: Number(invite!.id), orgId: invite!.org_id, casePk: Number(invite!.case_pk) });
    return { sessionToken: session.sessionToken, expiresAt: session.expiresAt };
  });
}
