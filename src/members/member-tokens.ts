import { crossTenant } from '../db/cross-tenant';
import { inTransaction, type Tx } from '../db/transaction';
import { queueMail } from '../mail/index';
import { DomainError } from '../errors';
import { addHits, refundHit, windowStartOf, type RateLimit } from '../access/rate-limit';
import { sourceAddressKey } from '../access/source-address';
import { hashPassword } from '../security/passwords';
import { sealSecret } from '../security/secret-box';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { endSessionsOfMember } from '../sessions/index';
import { waitText } from '../sessions/index';
import { revokeMemberGrants } from '../oauth/index';
import { type MemberTokenPurpose } from './member-mail';
import { checkNewPassword, setMemberPasswordHash } from '../tenants/index';

/**
 * Member tokens: the console's emailed single-use links (table member_tokens). A password reset
 * (`{APP_URL}/console/reset-password?token=…`, 1 hour) or an invitation to set the first password
 * (`{APP_URL}/console/accept-invitation?token=…`, 7 days). The token is 256 random bits, stored as
 * its SHA-256; until the mail system accepts the email it is also kept sealed (AES-GCM under
 * SECRETS_KEY) so that the send job and its retries can put the same link in the message, then erased.
 * The email is a kind of the mail outbox (src/tenants/member-link.mail.ts): its job's payload is the
 * outbox row's id alone, so no token reaches the queue or a log line.
 */
export type { MemberTokenPurpose } from './member-mail';

/** The member link email's kind in the mail outbox; its reference is the member_tokens row's id. */
export const MEMBER_LINK_MAIL = 'member_link';
/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const TTL_MS: Record<MemberTokenPurpose, number> = { password_reset: PASSWORD_RESET_TTL_MS, invitation: INVITATION_TTL_MS };
const PATH: Record<MemberTokenPurpose, string> = { password_reset: '/console/reset-password', invitation: '/console/accept-invitation' };
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The additional data that binds a sealed member token to its tenant and hash. */
export const memberTokenAad = (orgId: string, tokenHash: string): string => `member-token:${orgId}:${tokenHash}`;

/** The console address of a link: `{APP_URL}/console/reset-password?token=…` or `/console/accept-invitation?token=…`. */
export function memberTokenLink(appUrl: string, purpose: MemberTokenPurpose, token: string): string {
  return `${appUrl}${PATH[purpose]}?token=${token}`;
}

/**
 * Creates a link for a member inside the caller's transaction and queues its email in the mail outbox
 * (sent after commit, never once the link expired). Links of the same purpose the member still had are
 * spent: only the newest works (an older one's email, if still unsent, is then given up).
 */
export async function createMemberToken(tx: Tx, input: { orgId: string; memberId: string; purpose: MemberTokenPurpose }): Promise<{ tokenId: number; expiresAt: Date }> {
  const svc = tx.services;
  const now = svc.clock.now();
  await tx.manager.query(
    `UPDATE member_tokens SET used_at = ?, token_sealed = NULL, token_key_id = NULL
     WHERE org_id = ? AND member_id = ? AND purpose = ? AND used_at IS NULL`,
    [now, input.orgId, input.memberId, input.purpose],
  );
  const token = randomToken(32);
  const hash = sha256Hex(token);
  const sealed = sealSecret(svc.config.secretsKeys, token, memberTokenAad(input.orgId, hash));
  const expiresAt = new Date(now.getTime() + TTL_MS[input.purpose]);
  const res = (await tx.manager.query(
    `INSERT INTO member_tokens (org_id, member_id, purpose, token_hash, token_sealed, token_key_id, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [input.orgId, input.memberId, input.purpose, hash, sealed.ciphertext, sealed.keyId, expiresAt, now],
  )) as { insertId: number };
  const tokenId = res.insertId;
  await queueMail(tx, { orgId: input.orgId, kind: MEMBER_LINK_MAIL, reference: tokenId, sendBefore: expiresAt });
  return { tokenId, expiresAt };
}

const LINK_UNUSABLE = 'This link is invalid, has expired or has already been used. Ask for a new one.';

/**
 * Uses of password links (resetPassword, acceptInvitation) that fail, per source address: at most 20 per
 * 15 minutes (as the sign-in page's limit), then that address waits for the window to end. Every use is
 * counted when it is admitted and given back when it succeeds, so concurrent uses cannot slip past.
 */
export const MEMBER_LINK_ADDRESS_LIMIT: RateLimit = { name: 'member-link-address', limit: 20, windowMs: 15 * 60_000 };

/**
 * Sets a member's password with a link (a password reset or an invitation), all in one transaction:
 * spends the link (once: of two concurrent uses exactly one wins), sets the password (the password
 * rule; scrypt), spends the member's other open links and ends every session of theirs (console and
 * authorization pages). The password rule is checked before the link is touched, so a refused password
 * leaves the link usable. The link is looked up (by its SHA-256) and spent before the password is
 * hashed: only a live link costs a scrypt, and only once. An unknown, used or expired link, or one of a
 * removed member: validation_failed on `token`. Past MEMBER_LINK_ADDRESS_LIMIT: rate_limited with retryAfterSeconds.
 */
export async function setPasswordWithToken(
  svc: Services,
  input: { purpose: MemberTokenPurpose; token: unknown; password: unknown; address: string | undefined },
): Promise<{ orgId: string; memberId: string }> {
  const nowMs = svc.clock.now().getTime();
  const bucket = `member-link-addr:${sourceAddressKey(input.address)}`;
  const window = windowStartOf(MEMBER_LINK_ADDRESS_LIMIT, nowMs);
  const { total } = await addHits(svc.db, bucket, window, 1);
  if (total > MEMBER_LINK_ADDRESS_LIMIT.limit) {
    await refundHit(svc.db, bucket, window);
    const retryAfterSeconds = Math.max(1, Math.ceil((window + MEMBER_LINK_ADDRESS_LIMIT.windowMs - nowMs) / 1000));
    throw new DomainError('rate_limited', `Too many attempts with password links. Wait ${waitText(retryAfterSeconds)} and try again.`, { retryAfterSeconds });
  }
  const done = await spendTokenAndSetPassword(svc, input);
  await refundHit(svc.db, bucket, window);
  return done;
}

async function spendTokenAndSetPassword(svc: Services, input: { purpose: MemberTokenPurpose; token: unknown; password: unknown }): Promise<{ orgId: string; memberId: string }> {
  const details: { path: string; message: string }[] = [];
  checkNewPassword(details, 'password', input.password);
  if (details.length) throw DomainError.validation(details);
  const unusable = DomainError.validation([{ path: 'token', message: LINK_UNUSABLE }]);
  if (typeof input.token !== 'string' || !TOKEN_SHAPE.test(input.token)) throw unusable;
  const hash = sha256Hex(input.token);
  return inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    const byToken = crossTenant(tx.manager, 'token-lookup');
    const spent = (await byToken.query(
      `UPDATE member_tokens t JOIN members m ON m.id = t.member_id AND m.org_id = t.org_id
       SET t.used_at = ?, t.token_sealed = NULL, t.token_key_id = NULL
       WHERE t.token_hash = ? AND t.purpose = ? AND t.used_at IS NULL AND t.expires_at > ? AND m.removed_at IS NULL`,
      [now, hash, input.purpose, now],
    )) as { affectedRows: number };
    if (spent.affectedRows === 0) throw unusable;
    const [row] = (await byToken.query('SELECT org_id, member_id FROM member_tokens WHERE token_hash = ?', [hash])) as { org_id: string; member_id: string }[];
    const { org_id: orgId, member_id: memberId } = row!;
    // Hashed only now, for a live link this transaction holds (a failure rolls the spending back).
    const passwordHash = await hashPassword(input.password as string, svc.config.passwordHashCost);
    await setMemberPasswordHash(tx, orgId, memberId, passwordHash);
    await tx.manager.query(
      'UPDATE member_tokens SET used_at = ?, token_sealed = NULL, token_key_id = NULL WHERE org_id = ? AND member_id = ? AND used_at IS NULL',
      [now, orgId, memberId],
    );
    await endSessionsOfMember(tx, orgId, { memberId, now });
    await revokeMemberGrants(tx, { orgId, memberId, now });
    return { orgId, memberId };
  });
}
