/**
 * Whether the identity provider says it used more than one factor (RFC 8176 `amr` values in the ID token):
 * `mfa`, or a possession or inherence method (a one-time code, a hardware or software key, a smart card, a
 * fingerprint, face, iris, retina or voice, proof of possession) together with any other method. Then the
 * IdP's MFA stands for the member's second factor at sign-in; a `pwd` alone, or no `amr` at all, does not.
 */
const STRONG = new Set(['otp', 'hwk', 'swk', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm', 'pop', 'sms', 'tel']);

export function idpProvedMfa(amr: unknown): boolean {
  if (!Array.isArray(amr)) return false;
  const methods = new Set(amr.filter((m): m is string => typeof m === 'string'));
  if (methods.has('mfa')) return true;
  return methods.size >= 2 && [...methods].some((m) => STRONG.has(m));
}
