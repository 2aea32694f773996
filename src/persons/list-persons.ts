import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import { pageSize, searchTerm } from '../pagination/index';
import type { Services } from '../services';
import { personView, type PersonView } from './person-views';
import { searchPersons } from './persons.repository';

/**
 * The tenant's persons, newest first, optionally those whose name or an email contains `search`
 * (case-insensitive; a name is also found by its normalized spelling). Keyset-paged by id: `after` is the
 * last personId seen. Returns up to `first` (the page size of every list: pageSize) and whether more follow.
 */
export async function listPersons(
  svc: Services, actor: Actor, input: { search?: string | null; first?: number | null; after?: number | null } = {},
): Promise<{ persons: PersonView[]; hasMore: boolean }> {
  authorize(actor, 'persons:read');
  const first = pageSize(input.first, 'first');
  const search = searchTerm(input.search)?.toLowerCase() ?? null;
  const after = input.after ?? null;
  if (after !== null && (!Number.isSafeInteger(after) || after < 1)) throw DomainError.validation([{ path: 'after', message: 'must be a personId' }]);
  const rows = await searchPersons(forTenant(svc.db, actor), { search, after, limit: first + 1 });
  return { persons: rows.slice(0, first).map(personView), hasMore: rows.length > first };
}
