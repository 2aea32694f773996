import { DomainError } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A personKey argument (a UUID), lower case; validation_failed otherwise. */
export function personKeyOf(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value.trim())) throw DomainError.validation([{ path: 'personKey', message: 'must be a UUID' }]);
  return value.trim().toLowerCase();
}

/** A person id argument (a positive integer, or its decimal text); validation_failed otherwise. */
export function personIdOf(value: unknown, path = 'personId'): number {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw DomainError.validation([{ path, message: 'must be a positive integer' }]);
  return n;
}

/** The unlink reason: trimmed, 1 to 500 characters. */
export function reasonOf(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw DomainError.validation([{ path: 'reason', message: 'is required: say why the link is wrong' }]);
  if (text.length > 500) throw DomainError.validation([{ path: 'reason', message: 'must be at most 500 characters' }]);
  return text;
}
