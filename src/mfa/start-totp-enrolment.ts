import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/tenant-db';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { sealTotpSecret } from './factor-secret';
import { memberOf } from './member-of';
import { deleteUnconfirmedFactors, factorsOf, insertFactor } from './second-factors.repository';
import { newTotpSecret, totpUrl } from './totp';

export interface TotpEnrolment {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (SVG markup). */
  qrSvg: string;
}

/**
 * Starts adding an authenticator app (TOTP) for the calling member: a new secret, sealed at rest, that
 * counts once confirmEnrolment proves the app reads it. An enrolment not yet confirmed is replaced.
 * A member has one authenticator app at a time (remove it to change app): `conflict` otherwise.
 */
export async function startTotpEnrolment(svc: Services, actor: Actor): Promise<TotpEnrolment> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  const db = forTenant(svc.db, member.orgId);
  if ((await factorsOf(db, member.memberId)).some((f) => f.kind === 'totp')) {
    throw new DomainError('conflict', 'You already have an authenticator app. Remove it first to set up another.');
  }
  const id = randomUUID();
  const secret = newTotpSecret();
  await deleteUnconfirmedFactors(db, member.memberId, 'totp');
  await insertFactor(db, {
    id, memberId: member.memberId, kind: 'totp', name: 'Authenticator app', ...sealTotpSecret(svc.config.secretsKeys, id, secret), lastUsedStep: null,
    credentialId: null, publicKey: null, signCount: 0, transports: null, confirmedAt: null, createdAt: svc.clock.now(),
  });
  const otpauthUrl = totpUrl(secret, 'Compliance Onboarding', member.email);
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}
