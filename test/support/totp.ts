import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows at `ms` for a base32 TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s). */
export const codeAt = (secret: string, ms: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: ms });

/** The code now, or `stepsAhead` 30-second steps from now. */
export const appCode = (secret: string, stepsAhead = 0): string => codeAt(secret, Date.now() + stepsAhead * 30_000);
