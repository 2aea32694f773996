import { inTransaction } from '../db/transaction';
import { emailKey } from '../email-address';
import { DomainError } from '../errors';
import { findRenewableInvite } from '../invites/index';
import { createInvite } from '../invites/index';
import { consumeRateLimit, type RateLimit } from '../access/rate-limit';
import { sourceAddressKey } from '../access/source-address';
import { assertSchema } from '../schema';
import { safeEqual, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { RequestNewLinkSchema } from '../cases/index';

/** portal.requestNewLink limits, each per hour: per source address, per email typed, per old link. */
export const NEW_LINK_LIMITS = {
  address: { name: 'portal-new-link-address', limit: 20, windowMs: 3_600_000 },
  email: { name: 'portal-new-link-email', limit: 3, windowMs: 3_600_000 },
  link: { name: 'portal-new-link-link', limit: 3, windowMs: 3_600_000 },
} as const satisfies Record<string, RateLimit>;

/** The one answer of portal.requestNewLink, whatever happened. */
export const NEW_LINK_ANSWER = 'If this email address is the one we sent the link to, a new link is on its way. Check your inbox.';

/**
 * portal.requestNewLink (public): from the expired or used link page, the customer types their email;
 * the page passes the old link's token. When the email is the address that link was sent to (the same
 * address under the open-case key: case, width and invisible characters do not matter) and its case is
 * still open, a fresh invite is created and emailed by the send-invite job after commit. The answer is
 * always the same, so it never tells whether an email exists or matches; the limits (NEW_LINK_LIMITS)
 * count every request, matching or not, before anything is looked up.
 */
export async function requestNewLink(svc: Services, input: { token: unknown; email: unknown; address?: string }): Promise<{ message: string }> {
  const body = assertSchema(RequestNewLinkSchema, { token: input.token, email: input.email });
  const tokenHash = sha256Hex(body.token);
  const typedKey = sha256Hex(emailKey(body.email.trim()));
  const buckets: [string, RateLimit][] = [
    [`portal-link-addr:${sourceAddressKey(input.address)}`, NEW_LINK_LIMITS.address],
    [`portal-link-email:${typedKey}`, NEW_LINK_LIMITS.email],
    [`portal-link-link:${tokenHash}`, NEW_LINK_LIMITS.link],
  ];
  let waitSeconds = 0;
  for (const [bucket, rule] of buckets) {
    const state = await consumeRateLimit(svc, bucket, rule);
    if (!state.allowed) waitSeconds = Math.max(waitSeconds, state.resetSeconds);
  }
  if (waitSeconds > 0) {
    throw new DomainError('rate_limited', `Too many requests for a new link. Try again in ${Math.ceil(waitSeconds / 60)} minutes.`, { retryAfterSeconds: waitSeconds });
  }

  const invite = await findRenewableInvite(svc.db, tokenHash);
  if (invite && safeEqual(typedKey, sha256Hex(emailKey(invite.email)))) {
    const created = await inTransaction(svc, (tx) => createInvite(tx, { orgId: invite.orgId, casePk: invite.casePk, email: invite.email, send: true }));
    svc.log.info({ orgId: invite.orgId, casePk: invite.casePk, inviteId: created.inviteId }, 'portal: new invite link requested');
  }
  return { message: NEW_LINK_ANSWER };
}
