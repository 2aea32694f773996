import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/index';
import type { Services } from '../services';
import { markMemberSignedIn } from '../tenants/index';

/**
 * How a member proved who they are: `password` alone, `password+totp`, `password+recovery_code`,
 * `password+passkey`, or `passkey` (passwordless). Single sign-on adds its own.
 */
export type SignInMethod = 'password' | 'password+totp' | 'password+recovery_code' | 'password+passkey' | 'passkey' | (string & {});

/**
 * Records a successful sign-in: the member's last sign-in (the inactivity limit counts from it) and an audit
 * line `member.signed_in` by the member, with the method, the door (`console`, `oauth`) and the address.
 */
export async function recordSignIn(
  svc: Services, input: { orgId: string; memberId: string; email: string; method: SignInMethod; door: string; address: string | undefined; details?: Record<string, unknown> },
): Promise<void> {
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    await markMemberSignedIn(tx, input.orgId, input.memberId, now);
    await recordAudit(tx, {
      orgId: input.orgId, actor: input.email, action: 'member.signed_in',
      details: { memberId: input.memberId, method: input.method, door: input.door, ...input.details, address: input.address ?? null }, at: now,
    });
  });
}
