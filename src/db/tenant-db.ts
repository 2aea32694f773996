import type { Queryable } from './queryable';

/**
 * What a repository function of one tenant runs its SQL on: a pool or a transaction's manager bound to
 * one tenant by `forTenant(db, orgId)`. Repository functions take it first, `(db: TenantDb, ...)`, and
 * read the tenant from it (`db.orgId`), so no caller can pair a handle with another tenant's id.
 *
 * Every statement issued through it must bind the tenant: its parameters hold `orgId` (the statement
 * says `org_id = ?`, or names the tenants row by its id), or, for a bulk `INSERT ... VALUES ?`, every
 * row of the rows parameter holds it. One that does not is refused with
 * TenantScopeError before it reaches the database. Statements that must span tenants go through
 * `crossTenant(db, reason)` instead (src/db/cross-tenant.ts).
 */
export interface TenantDb extends Queryable {
  readonly orgId: string;
  /**
   * The mode (live or test data, Stripe's model) whose cases the handle's case lookups and lists see, when the
   * handle was bound to a caller that has one (an API client, a connector, a console member); absent for
   * callers that act on whichever case they were handed (the system, a portal customer, the operator).
   */
  readonly mode?: TenantMode;
}

/** A tenant's live data or its test data (see docs/test-mode.md). */
export type TenantMode = 'live' | 'test';

/** What a handle is bound to: a tenant, and optionally the mode of the caller (an Actor fits). */
export interface TenantScope {
  orgId: string;
  mode?: TenantMode;
}

/** A statement issued through a tenant handle that does not bind the handle's tenant: a defect, never data. */
export class TenantScopeError extends Error {
  constructor(sql: string) {
    super(`statement on a tenant handle does not bind its tenant: ${sql.replace(/\s+/g, ' ').slice(0, 120)}`);
    this.name = 'TenantScopeError';
  }
}

const handles = new WeakSet<object>();
/** The unbound handle under each tenant handle, so that a handle can be re-bound to a caller's mode. */
const underlying = new WeakMap<object, Queryable>();

/** The tenant is a parameter of its own, or a column of every row of a bulk insert's rows parameter. */
function bindsTenant(parameters: unknown[] | undefined, orgId: string): boolean {
  if (!parameters) return false;
  return parameters.some((p) => p === orgId
    || (Array.isArray(p) && p.length > 0 && p.every((row) => Array.isArray(row) && row.includes(orgId))));
}

export function isTenantDb(db: Queryable): db is TenantDb {
  return handles.has(db);
}

/**
 * `db` bound to the tenant `scope` (an org id, or a caller: `forTenant(svc.db, actor)` also binds the caller's
 * mode, which the case lookups honour). Given a handle already bound to that tenant, returns it (re-bound to
 * the caller's mode when one is given and differs); given one bound to another tenant, throws (a use case
 * mixing two tenants is a defect).
 */
export function forTenant(db: Queryable, scope: string | TenantScope): TenantDb {
  const orgId = typeof scope === 'string' ? scope : scope.orgId;
  const mode = typeof scope === 'string' ? undefined : scope.mode;
  if (typeof orgId !== 'string' || orgId === '') throw new TypeError('forTenant needs an org id');
  if (isTenantDb(db)) {
    if (db.orgId !== orgId) throw new TenantScopeError(`forTenant(${orgId}) over a handle of another tenant`);
    if (mode === undefined || db.mode === mode) return db;
    db = underlying.get(db)!;
  }
  const base = db;
  const handle: TenantDb = {
    orgId,
    ...(mode ? { mode } : {}),
    query: (sql: string, parameters?: unknown[]) => {
      if (!bindsTenant(parameters, orgId)) return Promise.reject(new TenantScopeError(sql));
      return base.query(sql, parameters);
    },
  };
  handles.add(handle);
  underlying.set(handle, base);
  return handle;
}

/**
 * The SQL condition that keeps a handle's case lookups to its caller's mode: ` AND <column> = ?` with the
 * mode as its parameter, or nothing for a handle without one. `column` names cases.mode (qualified as the
 * statement needs).
 */
export function modeCondition(db: TenantDb, column = 'mode'): { sql: string; params: TenantMode[] } {
  return db.mode ? { sql: ` AND ${column} = ?`, params: [db.mode] } : { sql: '', params: [] };
}
