import { forTenant } from '../db/index';
import { crossTenant } from '../db/cross-tenant';
import type { Queryable } from '../db/queryable';
import { inTransaction, type Tx } from '../db/transaction';
import { mailStatuses, queueMail } from '../mail/index';
import { findCaseMode, nowForCase } from '../cases/index';
import { sealSecret } from '../security/secret-box';
import { openPortalSession } from './portal-session';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import type { Branding } from './invite-email';
import type { InviteStatusView } from './invite.wire';

/**
 * What a magic link is for: `invite` (the case's invitation, shown as its invite status) or `evidence`
 * (a link in an EDD or document request email or a reminder, which lands on the portal's upload page).
 */
export type InvitePurpose = 'invite' | 'evidence';

/** The invite email's kind in the mail outbox (src/invites/invite.mail.ts); its reference is the invite's id. */
export const INVITE_MAIL = 'invite';

/** The customer-portal address of an invite token: `{APP_URL}/portal/invite?token=…`. */
export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl}/portal/invite?token=${token}`;
}

/** The additional data that binds a sealed invite token to its tenant and hash. */
export const inviteTokenAad = (orgId: string, inviteHash: string): string => `invite:${orgId}:${inviteHash}`;

/**
 * Creates the magic-link invite of a case inside the caller's transaction and returns its link; with
 * `send`, its email is queued in the mail outbox (sent after commit, not after the invite expires).
 * The token is stored hashed; while the email is unsent it is also kept sealed (AES-GCM) so that
 * the send job and its retries can put the same link in the message; it is erased once sent or given up.
 * Its expiry is INVITE_TTL from now for the case (nowForCase: a test case's link runs on the test clock).
 */
export async function createInvite(
  tx: Tx,
  input: { orgId: string; casePk: number; email: string; send: boolean; purpose?: InvitePurpose },
): Promise<{ inviteId: number; link: string; expiresAt: Date }> {
  const svc = tx.services;
  const now = svc.clock.now();
  const token = randomToken(32);
  const hash = sha256Hex(token);
  const expiresAt = new Date((await nowForCase(svc, forTenant(tx.manager, input.orgId), input.casePk)).getTime() + svc.config.inviteTtlMs);
  const sealed = input.send ? sealSecret(svc.config.secretsKeys, token, inviteTokenAad(input.orgId, hash)) : null;
  const res = await tx.manager.query(
    `INSERT INTO invites (org_id, case_pk, email, token_hash, token_sealed, token_key_id, expires_at, created_at, purpose)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [input.orgId, input.casePk, input.email, hash, sealed?.ciphertext ?? null, sealed?.keyId ?? null, expiresAt, now, input.purpose ?? 'invite'],
  );
  const inviteId = (res as { insertId: number }).insertId;
  if (input.send) {
    const mode = await findCaseMode(forTenant(tx.manager, input.orgId), input.casePk);
    await queueMail(tx, { orgId: input.orgId, kind: INVITE_MAIL, reference: inviteId, sendBefore: expiresAt, mode });
  }
  return { inviteId, link: inviteLink(svc.config.appUrl, token), expiresAt };
}

/** An invite with its case's names and its tenant's branding (what the email and the landing page show). */
export interface Invite {
  id: number;
  orgId: string;
  casePk: number;
  email: string;
  tokenHash: string;
  tokenSealed: string | null;
  tokenKeyId: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  customerName: string | null;
  companyName: string | null;
  tenantName: string;
  brandColor: string;
  logoUrl: string | null;
  purpose: InvitePurpose;
}

/** A row of INVITE_SELECT. */
interface InviteRow {
  id: number;
  org_id: string;
  case_pk: number;
  email: string;
  token_hash: string;
  token_sealed: string | null;
  token_key_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  customer_name: string | null;
  company_name: string | null;
  tenant_name: string;
  brand_color: string;
  logo_url: string | null;
  purpose: InvitePurpose;
}

const toInvite = (r: InviteRow): Invite => ({
  id: r.id, orgId: r.org_id, casePk: r.case_pk, email: r.email, tokenHash: r.token_hash, tokenSealed: r.token_sealed, tokenKeyId: r.token_key_id,
  expiresAt: r.expires_at, usedAt: r.used_at, customerName: r.customer_name, companyName: r.company_name, tenantName: r.tenant_name,
  brandColor: r.brand_color, logoUrl: r.logo_url, purpose: r.purpose,
});

const INVITE_SELECT = `SELECT i.id, i.org_id, i.case_pk, i.email, i.token_hash, i.token_sealed, i.token_key_id, i.purpose,
  i.expires_at, i.used_at, c.customer_name, c.company_name, t.name AS tenant_name, t.brand_color, t.logo_url
  FROM invites i JOIN cases c ON c.pk = i.case_pk AND c.org_id = i.org_id JOIN tenants t ON t.id = i.org_id`;

/** A tenant's invite by id, or null. */
export async function findInvite(db: Queryable, orgId: string, id: number): Promise<Invite | null> {
  const [row]: InviteRow[] = await db.query(`${INVITE_SELECT} WHERE i.org_id = ? AND i.id = ?`, [orgId, id]);
  return row ? toInvite(row) : null;
}

/** Erases an invite's sealed token (once its email is accepted or given up). */
export async function eraseInviteToken(db: Queryable, orgId: string, inviteId: number): Promise<void> {
  await db.query('UPDATE invites SET token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND id = ?', [orgId, inviteId]);
}

/**
 * The case's latest invitation as GET /v1/cases shows it: its email's state in the mail outbox
 * (`not_sent` when it was created without one), attempts, last error and when it was accepted.
 */
export async function latestInviteStatus(svc: Services, orgId: string, casePk: number): Promise<InviteStatusView | null> {
  const [row]: { id: number | string; expires_at: Date; used_at: Date | null }[] = await svc.db.query(
    `SELECT id, expires_at, used_at FROM invites WHERE org_id = ? AND case_pk = ? AND purpose = 'invite' ORDER BY id DESC LIMIT 1`,
    [orgId, casePk],
  );
  if (!row) return null;
  const mail = (await mailStatuses(forTenant(svc.db, orgId), INVITE_MAIL, [Number(row.id)])).get(Number(row.id));
  return {
    status: mail?.state ?? 'not_sent',
    deliveredAt: mail?.acceptedAt ? mail.acceptedAt.toISOString() : null,
    attempts: mail?.attempts ?? 0,
    lastError: mail?.lastError ?? null,
    expiresAt: row.expires_at.toISOString(),
    usedAt: row.used_at ? row.used_at.toISOString() : null,
  };
}

/** What the landing page of a magic link shows. */
export type InviteLanding =
  | { state: 'unknown' }
  | { state: 'valid' | 'used' | 'expired'; branding: Branding; customerName: string | null; companyName: string | null; expiresAt: Date; purpose: InvitePurpose };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** Looks an invite up by its link token (never by anything else); expired at now for its case (nowForCase). */
export async function inspectInvite(svc: Services, token: string): Promise<InviteLanding> {
  if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
  const [found]: InviteRow[] = await crossTenant(svc.db, 'token-lookup').query(`${INVITE_SELECT} WHERE i.token_hash = ?`, [sha256Hex(token)]);
  if (!found) return { state: 'unknown' };
  const row = toInvite(found);
  const now = await nowForCase(svc, forTenant(svc.db, row.orgId), Number(row.casePk));
  const state = row.usedAt ? 'used' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
  return {
    state,
    branding: { name: row.tenantName, brandColor: row.brandColor, logoUrl: row.logoUrl },
    customerName: row.customerName,
    companyName: row.companyName,
    expiresAt: row.expiresAt,
    purpose: row.purpose,
  };
}

/**
 * Redeems a magic link once: marks it used (atomically; a second redeem loses) and opens a portal
 * session (src/invites/portal-session.ts) whose cookie value is returned once and stored hashed. Null
 * when the link is unknown, used or expired (at now for its case: nowForCase).
 */
export async function redeemInvite(svc: Services, token: string): Promise<{ sessionToken: string; expiresAt: Date } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = sha256Hex(token);
  return inTransaction(svc, async (tx) => {
    const byToken = crossTenant(tx.manager, 'token-lookup');
    const [invite]: { id: number; org_id: string; case_pk: number }[] = await byToken.query('SELECT id, org_id, case_pk FROM invites WHERE token_hash = ?', [hash]);
    if (!invite) return null;
    const caseNow = await nowForCase(svc, forTenant(tx.manager, invite.org_id), Number(invite.case_pk));
    const res = await byToken.query('UPDATE invites SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?', [svc.clock.now(), hash, caseNow]);
    if ((res as { affectedRows: number }).affectedRows !== 1) return null;
    const session = await openPortalSession(tx, { id: Number(invite!.id), orgId: invite!.org_id, casePk: Number(invite!.case_pk) });
    return { sessionToken: session.sessionToken, expiresAt: session.expiresAt };
  });
}
