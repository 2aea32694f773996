import { Secret, TOTP } from 'otpauth';
import { safeEqual } from '../security/tokens';

/** RFC 6238 as authenticator apps read it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Clock drift allowed either way, in steps: one (a code of the previous or the next 30 seconds is accepted). */
export const TOTP_DRIFT_STEPS = 1;

/** A fresh secret: 160 random bits, base32 (what the QR code and the manual-entry text carry). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL of an authenticator app's QR code: issuer and the member's email as the label. */
export function totpUrl(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

function totpOf(secret: string, issuer = 'Compliance Onboarding', label = 'member'): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The 30-second step a time falls in. */
export const totpStepOf = (ms: number): number => Math.floor(ms / (TOTP_PERIOD_SECONDS * 1000));

/**
 * The step whose code `code` is, within the allowed drift of `nowMs` and after `lastUsedStep` (each code
 * is usable once, and so is any older one), or null. Every candidate is compared in constant time.
 */
export function matchTotp(secret: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const totp = totpOf(secret);
  const now = totpStepOf(nowMs);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    const matches = safeEqual(totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 }), code);
    if (matches && found === null && (lastUsedStep === null || step > lastUsedStep)) found = step;
  }
  return found;
}
