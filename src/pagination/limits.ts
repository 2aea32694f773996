import { DomainError, type ValidationDetail } from '../errors';
import { Type } from '../wire';

/**
 * The paging and search rules of every door (REST, GraphQL, MCP): one page size, one cursor length and
 * one search parameter, so that the same request means the same everywhere. Each door reports a problem
 * in its own error shape (400 validation_failed, BAD_USER_INPUT, a tool error) with the same path and words.
 *
 * - Page size (`limit`; GraphQL `first`): decisions.md, an integer of at least 1, default 50; above
 *   200 it is read as 200 (clamped, not refused).
 * - Cursor (`cursor`; GraphQL `after`): at most 512 characters (the contract is silent; ours are under
 *   100), then checked by decodeCursor.
 * - Search (`search`): trimmed; blank means no search; at most 200 characters (a company name's length).
 *
 * The words are those src/schema.ts gives the schemas below, so a door that checks by schema (REST's
 * query parser, the MCP tools) and one that checks here (GraphQL, the use cases) answer alike.
 */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_CURSOR_LENGTH = 512;
export const MAX_SEARCH_LENGTH = 200;

/** The JSON Schemas of the three parameters, published by the OpenAPI document and the MCP tools. */
export const LimitSchema = Type.Integer({
  minimum: 1, default: DEFAULT_LIMIT,
  description: `Page size, at least 1, default ${DEFAULT_LIMIT}; a value above ${MAX_LIMIT} is read as ${MAX_LIMIT}.`,
});
export const CursorSchema = Type.String({
  minLength: 1, maxLength: MAX_CURSOR_LENGTH,
  description: 'Opaque keyset cursor: nextCursor of the previous page, passed back verbatim with the same filters. Tamper-evident and bound to your tenant and the filters; anything else is refused.',
});
/** A `search` parameter; `description` says what it matches (e.g. CASE_SEARCH_DESCRIPTION). */
export const SearchSchema = (description: string) => Type.String({ maxLength: MAX_SEARCH_LENGTH, description });

export const TOO_LONG_CURSOR = `must be at most ${MAX_CURSOR_LENGTH} characters long`;

function problem(details: ValidationDetail[] | undefined, detail: ValidationDetail): void {
  if (!details) throw DomainError.validation([detail]);
  details.push(detail);
}

/**
 * The number of rows to read for `limit`: the default when absent, at most MAX_LIMIT. Not an integer or
 * below 1 is a validation problem at `path`: pushed to `details` when given (DEFAULT_LIMIT is returned),
 * thrown otherwise.
 */
export function pageSize(limit: number | null | undefined, path = 'limit', details?: ValidationDetail[]): number {
  if (limit === undefined || limit === null) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit)) problem(details, { path, message: 'must be an integer' });
  else if (limit < 1) problem(details, { path, message: 'must be at least 1' });
  else return Math.min(limit, MAX_LIMIT);
  return DEFAULT_LIMIT;
}

/** The page size a cost estimate should assume for `limit` (never refuses: the resolver does). */
export const pageSizeForCost = (limit: number | null | undefined): number => Math.min(Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT)), MAX_LIMIT);

/** The search term of `search`: trimmed, undefined when blank; longer than MAX_SEARCH_LENGTH is a validation problem at `path`. */
export function searchTerm(search: string | null | undefined, path = 'search', details?: ValidationDetail[]): string | undefined {
  const term = search?.trim() || undefined;
  if (term !== undefined && term.length > MAX_SEARCH_LENGTH) {
    problem(details, { path, message: `must be at most ${MAX_SEARCH_LENGTH} characters long` });
    return undefined;
  }
  return term;
}
