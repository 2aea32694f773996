import { prepareCustomerEmailGuard, resumeOrOpenCase } from '../onboarding/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { openPortalSession } from '../invites/index';
import { assertSchema } from '../schema';
import { safeEqual } from '../security/tokens';
import type { Services } from '../services';
import {
  codeMac, countWrongCode, emailKeyHash, INTAKE_CODE_MAX_TRIES, INTAKE_CODE_TTL_MS, recentIntakeCodes, spendIntakeCode, type IntakeCode,
} from './intake-codes';
import { addressKey, enforceIntakeLimits, INTAKE_LIMITS, requireIntakeTenant } from './intake-tenant';
import { IntakeVerifyInputSchema, type IntakeVerifiedView } from './intake.wire';
import { noteIntakeCodeFailure } from './note-intake-code-failure';

/** Where a code stands when it is refused (`codeState` of the error, for the page to offer the right next step). */
export type IntakeCodeState = 'wrong' | 'spent' | 'expired' | 'used' | 'none';

const MINUTES = Math.round(INTAKE_CODE_TTL_MS / 60_000);
const MESSAGES: Record<Exclude<IntakeCodeState, 'wrong'>, string> = {
  spent: 'Too many wrong codes were typed: this code no longer works. Ask for a new one.',
  expired: `This code has expired (codes work for ${MINUTES} minutes). Ask for a new one.`,
  used: 'This code has already been used. Ask for a new one.',
  none: 'That code is not right, and no code for this address works any more. Ask for a new one.',
};

function refused(state: IntakeCodeState, triesLeft: number): DomainError {
  const message = state !== 'wrong' ? MESSAGES[state]
    : triesLeft > 0 ? `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and that was the last try. Ask for a new code.';
  return new DomainError('validation_failed', message, { details: [{ path: 'code', message }], codeState: state, triesLeft });
}

export interface IntakeVerified {
  view: IntakeVerifiedView;
  /** The portal session cookie's value (shown once; stored hashed) and when the session ends at the latest. */
  sessionToken: string;
  expiresAt: Date;
}

/**
 * intake.verify (public): the customer types the code emailed by intake.start. A right code (live: unused,
 * unexpired, not spent) is used once and, in the same transaction, opens a portal session (openPortalSession,
 * as a redeemed invite does) bound to a case under POST /v1/cases' open-case guard (resumeOrOpenCase): the
 * tenant's open case for that email is resumed, else a `CS-<year>-<seq>` case opens with case.created source
 * `application_form` or `doc_upload` (`start`). A wrong code counts one try against every live code of the
 * email (5 spend a code) and says how many are left; a code that is used, expired or spent says so
 * (validation_failed with `codeState` and `triesLeft`). Limited per source address, per tenant and per email;
 * every refusal also counts towards the tenant's spike alert (20 in 10 minutes: an audit entry).
 */
export async function verifyIntake(
  svc: Services, input: { slug: unknown; email: unknown; code: unknown; start: unknown; address?: string },
): Promise<IntakeVerified> {
  const body = assertSchema(IntakeVerifyInputSchema, { slug: input.slug, email: input.email, code: input.code, start: input.start });
  await enforceIntakeLimits(svc, [[INTAKE_LIMITS.verifyAddress, addressKey(input.address)]]);
  const tenant = await requireIntakeTenant(svc, body.slug);
  const orgId = tenant.id;
  const email = body.email.trim();
  const emailHash = emailKeyHash(email);
  await enforceIntakeLimits(svc, [[INTAKE_LIMITS.verifyTenant, orgId], [INTAKE_LIMITS.verifyEmail, `${orgId}:${emailHash}`]]);

  const code = body.code.trim();
  const codes = await recentIntakeCodes(svc, orgId, emailHash);
  const macs = new Map<string, string | null>();
  const macFor = (keyId: string) => {
    if (!macs.has(keyId)) macs.set(keyId, codeMac(svc.config, keyId, orgId, emailHash, code));
    return macs.get(keyId)!;
  };
  // Compare with every recent code (constant time each), so the time taken does not depend on which matched.
  let matched: IntakeCode | null = null;
  for (const c of codes) {
    const mac = macFor(c.keyId);
    if (mac !== null && safeEqual(mac, c.codeHash) && !matched) matched = c;
  }
  const now = svc.clock.now().getTime();
  const live = (c: IntakeCode) => c.usedAt === null && c.expiresAt.getTime() > now && c.tries < INTAKE_CODE_MAX_TRIES;

  // Every refusal counts towards the tenant's spike alert (noteIntakeCodeFailure).
  const refuse = async (state: IntakeCodeState, triesLeft: number): Promise<never> => {
    await noteIntakeCodeFailure(svc, orgId);
    throw refused(state, triesLeft);
  };
  if (!matched) {
    if (!codes.some(live)) return refuse('none', 0);
    return refuse('wrong', await countWrongCode(svc, orgId, emailHash));
  }
  if (matched.usedAt !== null) return refuse('used', 0);
  if (matched.expiresAt.getTime() <= now) return refuse('expired', 0);
  if (matched.tries >= INTAKE_CODE_MAX_TRIES) return refuse('spent', 0);

  await prepareCustomerEmailGuard(svc, orgId, email);
  const codeId = matched.id;
  return inTransaction(svc, async (tx) => {
    // Used once: a second verify with the same code (racing, or later) finds it used.
    if (!(await spendIntakeCode(tx, orgId, codeId))) throw refused('used', 0);
    const opened = await resumeOrOpenCase(tx, orgId, { email, source: body.start });
    const session = await openPortalSession(tx, { orgId, casePk: opened.pk, intakeCodeId: codeId });
    svc.log.info({ orgId, caseId: opened.caseId, resumed: opened.resumed }, 'intake: email confirmed, portal session opened');
    return {
      view: { caseId: opened.caseId, resumed: opened.resumed, source: opened.source, next: `${svc.config.appUrl}/portal/app` },
      sessionToken: session.sessionToken,
      expiresAt: session.expiresAt,
    };
  });
}
