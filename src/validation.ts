import { DomainError, type ValidationDetail } from './errors';

/** Small checks shared by use cases whose input does not come through a JSON Schema. */
export function requireText(details: ValidationDetail[], path: string, value: unknown, max: number, min = 1): string {
  if (typeof value !== 'string' || value.trim().length < min || value.length > max) {
    details.push({ path, message: `must be a string of ${min} to ${max} characters` });
    return '';
  }
  return value.trim();
}

// Practical address check (RFC 5321 lengths, one @, a dotted domain); deliverability is the mail server's call.
const EMAIL = /^[^\s@"<>()[\],;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value) && value.split('@')[0]!.length <= 64;
}

export function throwIfAny(details: ValidationDetail[]): void {
  if (details.length) throw DomainError.validation(details);
}
