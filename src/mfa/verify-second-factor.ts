import type { MemberActor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { markSecondFactor, type MemberSession } from '../sessions/index';
import { checkSecondFactorCode } from './check-code';
import { PENDING_EXPIRED } from './challenges';
import { proveSignInCode, startConsoleSession } from './sign-in';

/**
 * verifySecondFactor in the console, with a TOTP or recovery code. With a pending sign-in (the password
 * step's cookie): completes it and starts a console session. Signed in already: step-up, so the session may
 * make sensitive changes for the next 10 minutes. Wrong codes are throttled like passwords.
 */
export async function verifySecondFactor(
  svc: Services,
  input: {
    code: unknown; address: string | undefined; userAgent?: string; pendingToken?: string;
    signedIn?: { actor: MemberActor; session: MemberSession } | null;
  },
): Promise<{ signedIn: { session: MemberSession; actor: MemberActor } } | { steppedUpAt: Date }> {
  if (input.pendingToken) {
    const proved = await proveSignInCode(svc, { pendingToken: input.pendingToken, door: 'console', code: input.code, address: input.address });
    return { signedIn: await startConsoleSession(svc, proved, input.signedIn?.session.token, { address: input.address, userAgent: input.userAgent }) };
  }
  if (!input.signedIn) throw new DomainError('unauthenticated', PENDING_EXPIRED);
  const { actor, session } = input.signedIn;
  if (!actor.secondFactor?.enrolled) throw new DomainError('conflict', 'You have no second factor yet: set one up under Security.');
  await checkSecondFactorCode(svc, { id: actor.memberId, orgId: actor.orgId, email: actor.email }, { code: input.code, address: input.address });
  return { steppedUpAt: await markSecondFactor(svc, { token: session.token, memberId: actor.memberId }) };
}
