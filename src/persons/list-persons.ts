import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { personView, type PersonView } from './person-views';
import { searchPersons } from './persons.repository';

export const MAX_PERSONS_PAGE = 100;

/**
 * The tenant's persons, newest first, optionally those whose name or an email contains `search`
 * (case-insensitive; a name is also found by its normalized spelling). Keyset-paged by id: `after` is the
 * last personId seen. Returns up to `first` (1..100, default 50) and whether more follow.
 */
export async function listPersons(
  svc: Services, actor: Actor, input: { search?: string | null; first?: number | null; after?: number | null } = {},
): Promise<{ persons: PersonView[]; hasMore: boolean }> {
  authorize(actor, 'persons:read');
  const first = input.first ?? 50;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PERSONS_PAGE) throw DomainError.validation([{ path: 'first', message: `must be an integer from 1 to ${MAX_PERSONS_PAGE}` }]);
  const search = input.search?.trim().toLowerCase() || null;
  if (search && search.length > 200) throw DomainError.validation([{ path: 'search', message: 'must be at most 200 characters' }]);
  const after = input.after ?? null;
  if (after !== null && (!Number.isSafeInteger(after) || after < 1)) throw DomainError.validation([{ path: 'after', message: 'must be a personId' }]);
  const rows = await searchPersons(svc.db, actor.orgId, { search, after, limit: first + 1 });
  return { persons: rows.slice(0, first).map(personView), hasMore: rows.length > first };
}
