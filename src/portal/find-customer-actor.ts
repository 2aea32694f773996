import type { CustomerActor } from '../access/index';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The customer a portal session cookie's token signs in, bound to their one case, or null when the
 * token opens no live portal session.
 */
export async function findCustomerActor(svc: Services, token: unknown): Promise<CustomerActor | null> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const [row]: { org_id: string; case_pk: number | string; case_id: string; email: string }[] = await svc.db.query(
    `SELECT s.org_id, s.case_pk, c.case_id, i.email FROM portal_sessions s
       JOIN cases c ON c.org_id = s.org_id AND c.pk = s.case_pk
       JOIN invites i ON i.id = s.invite_id AND i.org_id = s.org_id
     WHERE s.token_hash = ? AND s.expires_at > ?`,
    [sha256Hex(token), svc.clock.now()],
  );
  return row ? { kind: 'customer', orgId: row.org_id, casePk: Number(row.case_pk), caseId: row.case_id, email: row.email } : null;
}
