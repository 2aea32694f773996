import { forTenant } from '../db/index';
import type { CustomerActor } from '../access/index';
import { crossTenant } from '../db/cross-tenant';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { PORTAL_SESSION_IDLE_MS, PORTAL_SESSION_TOUCH_MS, touchPortalSession } from '../invites/index';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface Row {
  org_id: string;
  case_pk: number | string;
  case_id: string;
  email: string;
  idle_expires_at: Date;
  expires_at: Date;
}

/**
 * The customer a portal session cookie's token signs in (the invite's address, or the email confirmed on
 * the public intake link), bound to their one case, or null when the
 * token opens no live portal session (unknown, unused for 2 hours, or 12 hours after the link was
 * redeemed). Using a session moves its idle expiry on (at most once a minute, never past the absolute one).
 */
export async function findCustomerActor(svc: Services, token: unknown): Promise<CustomerActor | null> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const now = svc.clock.now();
  const hash = sha256Hex(token);
  const [row]: Row[] = await crossTenant(svc.db, 'token-lookup').query(
    `SELECT s.org_id, s.case_pk, c.case_id, COALESCE(i.email, k.email) AS email, s.idle_expires_at, s.expires_at FROM portal_sessions s
       JOIN cases c ON c.org_id = s.org_id AND c.pk = s.case_pk
       LEFT JOIN invites i ON i.id = s.invite_id AND i.org_id = s.org_id
       LEFT JOIN intake_codes k ON k.id = s.intake_code_id AND k.org_id = s.org_id
     WHERE s.token_hash = ? AND s.expires_at > ? AND s.idle_expires_at > ? AND (i.id IS NOT NULL OR k.id IS NOT NULL)`,
    [hash, now, now],
  );
  if (!row) return null;
  const moved = Math.min(now.getTime() + PORTAL_SESSION_IDLE_MS, new Date(row.expires_at).getTime());
  if (moved - new Date(row.idle_expires_at).getTime() >= PORTAL_SESSION_TOUCH_MS) {
    await touchPortalSession(forTenant(svc.db, row.org_id), hash, now, new Date(moved));
  }
  return { kind: 'customer', orgId: row.org_id, casePk: Number(row.case_pk), caseId: row.case_id, email: row.email };
}
