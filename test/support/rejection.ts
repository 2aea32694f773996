import { DomainError } from '../../src/platform/index';

/** The DomainError `p` rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}
